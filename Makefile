# Switchyard: the two set-up commands of the README, and their parts.
#   make demo   build and run the main job on the built-in demo app
#   make test   install what the tests need, build, pass every test, and run
#               the scan-report and audit-screens package plugins on this package
#   make fuzz   build the libFuzzer targets and run each FUZZ_RUNS inputs
#               (docs/fuzzing.md; FUZZ_SECONDS limits the time instead)
# They install the Debian packages they need when they are missing.

SWIFT ?= swift
BUILD_PACKAGES = pkg-config libevdev-dev libudev-dev libxml2-dev libatspi2.0-dev
TEST_PACKAGES = $(BUILD_PACKAGES) umockdev libumockdev-dev librsvg2-bin fonts-droid-fallback chromium \
	xvfb xauth dbus-x11 at-spi2-core gtk-3-examples gir1.2-gtk-3.0 python3-gi
# The tests run in a headless desktop session of their own (an X server and a
# session bus, both gone when the run ends): the AT-SPI tests start GTK apps in it.
DESKTOP_SESSION = env -u DISPLAY -u DBUS_SESSION_BUS_ADDRESS xvfb-run -a -s "-screen 0 1400x1024x24 -nolisten tcp" dbus-run-session --

FUZZ_RUNS ?= 200000
FUZZ_SECONDS ?= 0
FUZZ_SANITIZE ?= fuzzer,address

.PHONY: demo test fuzz build-deps test-deps bench clean

demo: build-deps
	$(SWIFT) run -c release switchyard demo

test: test-deps
	$(SWIFT) build --build-tests
	@# Swift Testing's closing line counts skipped tests as passed: the
	@# summary after it, read from the xUnit report, counts them apart.
	rm -f .build/test-results-swift-testing.xml
	$(DESKTOP_SESSION) umockdev-wrapper $(SWIFT) test --skip-build --xunit-output .build/test-results.xml; \
	  status=$$?; ./scripts/test-summary.sh .build/test-results-swift-testing.xml || true; exit $$status
	@# The scan-report package plugin on this package (Examples/), into .build.
	rm -rf .build/scan-reports-check
	$(SWIFT) package --allow-writing-to-package-directory scan-report --output .build/scan-reports-check > .build/scan-report.log
	@grep -q "^Examples/apps/mail.json  *voice " .build/scan-report.log && test -s .build/scan-reports-check/index.html \
	  && test -s .build/scan-reports-check/Examples/apps/mail/switch-control.html \
	  || { cat .build/scan-report.log; echo "make test: the scan-report plugin did not write its reports" >&2; exit 1; }
	@# The audit-screens package plugin on this package: it reports every
	@# finding (the deliberately failing example's among them) and succeeds.
	$(SWIFT) package audit-screens > .build/audit-screens.log
	@grep -q "^Examples/apps/audit-fails.json:13:11: error: home/root/children\[1\]: .*\[label-missing\]$$" .build/audit-screens.log \
	  && grep -q "^[0-9]* findings (.*) in [0-9]* apps, [0-9]* screens$$" .build/audit-screens.log \
	  || { cat .build/audit-screens.log; echo "make test: the audit-screens plugin did not report the failing example" >&2; exit 1; }

fuzz: build-deps
	SWIFT=$(SWIFT) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_ARGS="$(FUZZ_ARGS)" FUZZ_SANITIZE=$(FUZZ_SANITIZE) ./scripts/fuzz.sh $(FUZZ_TARGETS)

bench: test-deps
	@# run-output times the release switchyard binary beside the bench tool.
	$(SWIFT) build -c release --product switchyard
	@# atspi-snapshot reads gtk3-widget-factory in the headless desktop session the tests use.
	$(DESKTOP_SESSION) $(SWIFT) run -c release switchyard-bench

build-deps:
	@./scripts/install-debian-packages.sh $(BUILD_PACKAGES)

test-deps:
	@./scripts/install-debian-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
