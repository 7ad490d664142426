# Switchyard: the two set-up commands of the README, and their parts.
#   make demo   build and run the main job on the built-in demo app
#   make test   install what the tests need, build, and pass every test
#   make fuzz   build the libFuzzer targets and run each FUZZ_RUNS inputs
#               (docs/fuzzing.md; FUZZ_SECONDS limits the time instead)
# They install the Debian packages they need when they are missing.

SWIFT ?= swift
BUILD_PACKAGES = pkg-config libevdev-dev libudev-dev libxml2-dev
TEST_PACKAGES = $(BUILD_PACKAGES) umockdev libumockdev-dev librsvg2-bin fonts-droid-fallback

FUZZ_RUNS ?= 200000
FUZZ_SECONDS ?= 0
FUZZ_SANITIZE ?= fuzzer,address

.PHONY: demo test fuzz build-deps test-deps bench clean

demo: build-deps
	$(SWIFT) run -c release switchyard demo

test: test-deps
	$(SWIFT) build --build-tests
	umockdev-wrapper $(SWIFT) test --skip-build

fuzz: build-deps
	SWIFT=$(SWIFT) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_ARGS="$(FUZZ_ARGS)" FUZZ_SANITIZE=$(FUZZ_SANITIZE) ./scripts/fuzz.sh $(FUZZ_TARGETS)

bench: test-deps
	$(SWIFT) run -c release switchyard-bench

build-deps:
	@./scripts/install-debian-packages.sh $(BUILD_PACKAGES)

test-deps:
	@./scripts/install-debian-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
