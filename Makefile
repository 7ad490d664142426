# Switchyard: the two set-up commands of the README, and their parts.
#   make demo   build and run the main job on the built-in demo app
#   make test   install what the tests need, build, and pass every test
# Both install the Debian packages they need when they are missing.

SWIFT ?= swift
BUILD_PACKAGES = pkg-config libevdev-dev libudev-dev libxml2-dev
TEST_PACKAGES = $(BUILD_PACKAGES) umockdev libumockdev-dev librsvg2-bin

.PHONY: demo test build-deps test-deps bench clean

demo: build-deps
	$(SWIFT) run -c release switchyard demo

test: test-deps
	$(SWIFT) build --build-tests
	umockdev-wrapper $(SWIFT) test --skip-build

bench: test-deps
	$(SWIFT) run -c release switchyard-bench

build-deps:
	@./scripts/install-debian-packages.sh $(BUILD_PACKAGES)

test-deps:
	@./scripts/install-debian-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
