// The screen model: see docs/screen-model.md.
