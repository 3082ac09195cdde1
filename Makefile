# Two commands do everything on a fresh Debian 12 machine with Swift and make:
#   make demo   installs what is missing, builds, and runs tactile on a bundled recording
#   make test   installs what is missing, builds and runs every test
SWIFT ?= swift
# Debian packages, in two sets, so that `make demo` and `make install` bring only what
# building and running Tactile needs, and `make test` brings the test bench as well.
# BUILD_PACKAGES (make deps): pkg-config, the libinput and libevdev headers for TactileLinux
# and libsystemd-dev (sd-bus, which tactile serve answers D-Bus with).
# TEST_PACKAGES (make test-deps): libinput-tools (with python3-libevdev and python3-yaml),
# which the tests run to check our libinput recordings against libinput's own tools; GNU
# time for the memory check; python3-jsonschema, which checks traces against
# docs/trace-format.schema.json; man-db (man -l) for the install check; bsdutils (script)
# for the progress bar's terminal test; tmux, zsh and fish, in which the completion test
# types Tab in a real bash, zsh and fish; chromium (headless) and python3-pil, which load tactile view's pages and plot's
# pictures and read pixels of their screenshots; the desktops the focus watcher is tested
# on, headless: sway with foot and xwayland (Wayland and XWayland windows), and xvfb with
# openbox, xterm, xdotool and x11-utils (xprop) for X11; python3-pytest, which runs
# docs/testing.md's pytest example; libsdl2-dev, which the windowed examples (Examples/, not
# Tactile) are built on and their tests run under xvfb; and for tactile serve's tests dbus
# (a private dbus-daemon), iio-sensor-proxy (its own client, monitor-sensor) and
# libglib2.0-bin (gdbus introspect). tools/check-demo-deps checks that `make demo` asks for
# none of them.
BUILD_PACKAGES := pkg-config libinput-dev libevdev-dev libsystemd-dev
TEST_PACKAGES := libinput-tools python3-libevdev python3-yaml python3-jsonschema time man-db bsdutils tmux zsh fish chromium python3-pil \
  sway foot xwayland xvfb openbox xterm xdotool x11-utils python3-pytest libsdl2-dev dbus iio-sensor-proxy libglib2.0-bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BIN := .build/release/tactile

.PHONY: all deps test-deps check-demo-deps vm-deps vm-test deb-deps deb deb-check build static demo test test-under-load examples docs check-doc-comments check-pure-core memory-check recordings bench fuzz fuzz-smoke clean install install-files install-check uninstall

all: build

# Installs only what dpkg does not already have: deps what the build needs, test-deps the
# test bench too.
deps:
	@tools/apt-install $(BUILD_PACKAGES)

test-deps: deps
	@tools/apt-install $(TEST_PACKAGES)

build: deps
	$(SWIFT) build -c release --product tactile

demo: build
	@echo "== tactile info Recordings/pinch-rotate.evdev.jsonl  (a raw protocol B recording)"
	@$(BIN) info Recordings/pinch-rotate.evdev.jsonl | head -6
	@echo "== tactile recognize Recordings/pinch-rotate.evdev.jsonl  (first and last lines)"
	@$(BIN) recognize --json Recordings/pinch-rotate.evdev.jsonl | sed -n '1,3p;$$p' | cut -c1-160
	@echo "== tactile recognize Recordings/double-tap.jsonl"
	@$(BIN) recognize --json Recordings/double-tap.jsonl

# The tests are built and run once, under the address sanitizer (TEST_BUILD, a scratch
# folder of its own, so `make build`'s plain release build is never rebuilt): every suite,
# so the codecs, JSON, assembly, the pipeline, the Linux wrappers and the parsers are
# checked for bad memory accesses by the same run that checks their behaviour, and the
# hostile inputs run the sanitized tactile built beside the test bundle. Leak reports
# are off: with detect_leaks=1 (2026-11-24) the suite leaks 400 bytes in 7 allocations, none
# in Tactile's code: `swift test` runs XCTest's main even for Swift Testing suites, and its
# suite-run objects are never freed; the rest is Foundation's Process.run on Linux, which
# the command tests call. `swift test` alone runs the same suites unsanitized.
# The test output is kept in .build/test-output.txt; its last lines count the tests that
# were skipped, with their reasons, so none is skipped without anyone seeing it. Each step is
# timed (tools/step; .ci/run prints the table). The static release build comes before the
# tests: the command tests other than the hostile inputs run it (TACTILE_RELEASE_BIN: the
# output digests' four thousand runs, the pictures and pages, bind over the recordings, at
# a thirtieth of the sanitized debug build's time), and the install check, the Debian package,
# the VM test and the fuzz seeds use the same one. The package check's Debian root and the
# VM's guest packages download in the background meanwhile (tools/prefetch).
# The VM test (8 minutes of one core: QEMU's TCG) then runs in the background
# (tools/background) beside the steps after the tests, which use about one core too: the
# install and package checks, the docs, the examples and the fuzz smoke (every fuzz target
# briefly, the past crashes replayed); make test waits for it last and prints its output.
# SKIP_DEB=1, SKIP_VM=1 and SKIP_FUZZ=1 leave out the package check, the VM test and the
# fuzz smoke.
TEST_BUILD := .build-asan
test: test-deps check-demo-deps check-pure-core check-doc-comments
	@if [ "$(SKIP_DEB)" != 1 ]; then $(MAKE) --no-print-directory deb-deps; fi
	@if [ "$(SKIP_VM)" != 1 ]; then $(MAKE) --no-print-directory vm-deps; fi
	@SKIP_DEB=$(SKIP_DEB) SKIP_VM=$(SKIP_VM) tools/prefetch
	@tools/step "build with tests (address sanitizer)" $(SWIFT) build --build-tests --sanitize=address --scratch-path $(TEST_BUILD)
	@tools/step "static release build" $(MAKE) --no-print-directory static
	@mkdir -p .build
	@tools/step "swift test" bash -c 'set -o pipefail; ASAN_OPTIONS=detect_leaks=0 TACTILE_RELEASE_BIN=$(CURDIR)/$(STATIC_BIN) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path $(TEST_BUILD) 2>&1 | tee .build/test-output.txt'
	@if [ "$(SKIP_VM)" = 1 ]; then echo "SKIP_VM=1: the real-kernel test (tools/vm-test) is skipped"; \
	  else tools/background start vm-test $(MAKE) --no-print-directory vm-test; fi
	@tools/step "install-check" $(MAKE) --no-print-directory install-check $(OR_STOP_VM)
	@if [ "$(SKIP_DEB)" = 1 ]; then echo "SKIP_DEB=1: the Debian package's build and install test (make deb-check) is skipped"; \
	  else tools/step "deb-check" $(MAKE) --no-print-directory deb-check $(OR_STOP_VM); fi
	@tools/step "docs" $(MAKE) --no-print-directory docs $(OR_STOP_VM)
	@echo "skipped: $$(grep -c '^➜ Test .* skipped' .build/test-output.txt) tests"; \
	  grep '^➜ \(Test\|Suite\) .* skipped' .build/test-output.txt | sed 's/^/  /' || true
	@tools/step "examples" $(MAKE) --no-print-directory examples $(OR_STOP_VM)
	@if [ "$(SKIP_FUZZ)" = 1 ]; then echo "SKIP_FUZZ=1: the fuzz smoke (make fuzz-smoke) is skipped"; \
	  else tools/step "fuzz-smoke" $(MAKE) --no-print-directory fuzz-smoke $(OR_STOP_VM); fi
	@if [ "$(SKIP_VM)" != 1 ]; then tools/background join vm-test; fi

# A step after the VM test's start that fails ends the VM test too: nothing waits for it.
OR_STOP_VM = || { tools/background stop vm-test; exit 1; }

# tactile with the Swift runtime linked statically, in .build-static: the binary the Debian
# package ships (debian/rules runs this same command, so it finds it built) and the VM test
# boots; a scratch folder of its own, so it never rebuilds the plain release build.
STATIC := .build-static
STATIC_BIN := $(STATIC)/release/tactile
static: deps
	$(SWIFT) build -c release --product tactile --static-swift-stdlib --scratch-path $(STATIC)

# The suites that start other processes and wait for them (desktops, serve, bind, the
# commands, live input, the examples' windows), LOAD_RUNS times over under tools/under-load
# (every core kept busy): a test that waits for a time rather than for what it needs fails
# here. Stops at the first failing round and says how many passed (docs/testing.md).
LOAD_RUNS ?= 20
LOAD_SUITES := FocusWatcherTests|AppBindingDesktopTests|FocusProtocolTests|LiveInputTests|LiveAppEventsTests|IIOAccelerometerTests|BoundActionSinkTests|CommandRunnerTests|LiveLoopTests|SubscriptionServerTests|BindingSessionTests|ServeCommandTests|ServeSocketFileTests|ServeSensorProxyTests|BindCommandTests|BindSocketCommandTests|BindFocusCommandTests|CommandTests|LiveCommandTests|ProgressBarTests|HostileInputTests
LOAD_EXAMPLE_SUITES := WindowTouchesTests|FullscreenRotateWindowTests|FrameEditorWindowTests
test-under-load: test-deps
	$(SWIFT) build --build-tests
	cd Examples && $(SWIFT) build --build-tests
	@passed=0; for round in $$(seq $(LOAD_RUNS)); do \
	  echo "== test-under-load: round $$round of $(LOAD_RUNS)"; start=$$(date +%s); \
	  if ! tools/under-load sh -c '$(SWIFT) test --skip-build --filter "\.($(LOAD_SUITES))/" \
	      && cd Examples && $(SWIFT) test --skip-build --filter "\.($(LOAD_EXAMPLE_SUITES))/"'; then \
	    echo "test-under-load: round $$round failed; $$passed of $(LOAD_RUNS) rounds passed"; exit 1; \
	  fi; \
	  passed=$$round; echo "== test-under-load: round $$round passed in $$(( $$(date +%s) - start )) s"; \
	done; \
	echo "test-under-load: $$passed of $(LOAD_RUNS) rounds passed"

# The example apps (Examples/: five, and gesture-lines, the smallest; a package of their own, on Tactile's public API alone,
# every target built with warnings as errors): each run on its recording, its first lines
# shown, then their tests, which check what each app shows against what it is meant to do
# (docs/library.md). The two windowed ones (SDL2) are run by their tests, under Xvfb, and
# their screenshots' pixels checked.
EXAMPLE_RUNS := "fullscreen-rotate ../Recordings/phone-session.jsonl" "frame-editor ../Recordings/frame-edit.jsonl" \
  "rotating-gallery ../Recordings/phone-session.jsonl" "force-zoom ../Recordings/peek-pop.jsonl" \
  "image-tour ../Recordings/three-taps.jsonl" "gesture-lines ../Recordings/pinch-rotate.jsonl"
examples: test-deps
	cd Examples && $(SWIFT) build --build-tests
	@cd Examples && for run in $(EXAMPLE_RUNS); do \
	  echo "== $$run"; .build/debug/$$run > .build/example-output.jsonl || exit 1; \
	  cut -c1-150 .build/example-output.jsonl | head -3; echo "   ($$(wc -l < .build/example-output.jsonl) lines)"; \
	done
	cd Examples && $(SWIFT) test --skip-build

# The real-kernel test: Debian's kernel under qemu (TCG) with uinput, udev and libinput;
# see docs/linux-devices.md. The guest's packages are downloaded and unpacked into
# .build-vm/ (apt-get download), not installed.
VM_PACKAGES := qemu-system-x86 cpio
vm-deps: deps
	@tools/apt-install --no-recommends $(VM_PACKAGES)

vm-test: vm-deps static
	tools/vm-test --no-build

# `make demo` installs only BUILD_PACKAGES: none of the test bench (make -n, nothing run).
check-demo-deps:
	@tools/check-demo-deps

# Every public symbol of the libraries has a doc comment (tools/check-doc-comments says
# which rule covers what).
check-doc-comments:
	@tools/check-doc-comments

# The library's documentation (DocC, Sources/Tactile/Tactile.docc) through
# swift-docc-plugin: built with warnings as errors, so a topic naming a symbol that is
# gone fails. The archive is .build/plugins/Swift-DocC/outputs/Tactile.doccarchive.
docs:
	$(SWIFT) package generate-documentation --target Tactile --warnings-as-errors

# The Tactile library (and TactileJSON, under it) must stay pure Swift: no C target, no
# system library.
check-pure-core:
	@tools/check-pure-core
	@tools/check-pure-core TactileJSON

# A 1 GB trace through `tactile frames`, peak memory measured (see docs/performance.md).
memory-check: test-deps build
	@tools/memory-check

# The benchmark suite (Benchmarks/, its own package): writes docs/performance.md. The
# malloc interposer is preloaded so allocations can be counted; jq (Debian) and orjson
# (PyPI, for the python3 on the PATH) are the tools it is compared with.
bench: test-deps build
	@tools/apt-install jq
	@python3 -c "import orjson" 2>/dev/null || python3 -m pip install --quiet orjson \
	  || python3 -m pip install --quiet --break-system-packages orjson
	cd Benchmarks && $(SWIFT) build -c release
	LD_PRELOAD=$(CURDIR)/Benchmarks/.build/release/libMallocInterposerSwift.so Benchmarks/.build/release/tactile-bench $(CURDIR)
	tools/memory-check

# libFuzzer: every target for FUZZ_RUNS inputs (default 10 million), and the short smoke
# CI runs (about 12 s of inputs a target under the address sanitizer, plus past crashes
# replayed; tools/fuzz has the counts).
FUZZ_RUNS ?= 10000000
fuzz: static
	tools/fuzz run $(FUZZ_RUNS)

fuzz-smoke: static
	tools/fuzz smoke

# make install [PREFIX=/usr/local] [DESTDIR=...]: the binary, its man page (docs/tactile.1,
# written by hand; tools/check-install fails when it does not give a command an option of
# that command's --help, or when it gives a command an option that command's --help lacks) and bash, zsh and fish
# completions (generated by the binary), the systemd user unit for `tactile bind`, and the
# examples (bindings, the udev rule) under share/doc/tactile. install-files installs a given
# BIN without building the release one (make test installs the debug build it has). The
# bash completion is sourced, never run: the generator's #! line is left out.
# UDEV_RULES_DIR (empty: the rule is only an example) installs the udev rule there too,
# where udev reads it: the Debian package gives /usr/lib/udev/rules.d. Debian's zsh reads
# /usr/local/share/zsh/site-functions but, under /usr, only vendor-completions: the
# package sets ZSH_COMPLETIONS_DIR. SYSTEMD_SYSTEM_DIR is where tactile serve's system units
# go: the package gives /lib/systemd/system, the one folder bookworm's dh_installsystemd
# reads (units under /usr/lib/systemd/system get no maintainer scripts: not stopped on
# removal, an administrator's enablement not cleaned up on purge).
PREFIX ?= /usr/local
UDEV_RULES_DIR ?=
SYSTEMD_SYSTEM_DIR ?= $(PREFIX)/lib/systemd/system
ZSH_COMPLETIONS_DIR ?= $(PREFIX)/share/zsh/site-functions
install: build install-files

install-files:
	install -D -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/tactile
	install -D -m 644 docs/tactile.1 $(DESTDIR)$(PREFIX)/share/man/man1/tactile.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(ZSH_COMPLETIONS_DIR) \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(BIN) --generate-completion-script bash | sed '1{/^#!/d;}' > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tactile
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_tactile
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tactile.fish
	install -D -m 644 configs/systemd/tactile-bind.service $(DESTDIR)$(PREFIX)/lib/systemd/user/tactile-bind.service
	install -D -m 644 configs/systemd/tactile-bind-socket.service $(DESTDIR)$(PREFIX)/lib/systemd/user/tactile-bind-socket.service
	install -D -m 644 configs/systemd/tactile.service $(DESTDIR)$(SYSTEMD_SYSTEM_DIR)/tactile.service
	install -D -m 644 configs/systemd/tactile.socket $(DESTDIR)$(SYSTEMD_SYSTEM_DIR)/tactile.socket
	install -D -m 644 configs/systemd/tactile.sysusers $(DESTDIR)$(PREFIX)/lib/sysusers.d/tactile.conf
	install -D -m 644 configs/dbus/tactile-sensor-proxy.conf $(DESTDIR)$(PREFIX)/share/dbus-1/system.d/tactile-sensor-proxy.conf
	install -d $(DESTDIR)$(PREFIX)/share/doc/tactile/examples/bindings $(DESTDIR)$(PREFIX)/share/doc/tactile/examples/udev
	install -m 644 configs/bindings/*.yaml $(DESTDIR)$(PREFIX)/share/doc/tactile/examples/bindings/
	install -m 644 configs/udev/70-tactile.rules configs/udev/71-tactile-serve.rules $(DESTDIR)$(PREFIX)/share/doc/tactile/examples/udev/
	install -m 644 docs/bindings.md docs/bindings.schema.json docs/service.md $(DESTDIR)$(PREFIX)/share/doc/tactile/
	$(if $(UDEV_RULES_DIR),install -D -m 644 configs/udev/70-tactile.rules $(DESTDIR)$(UDEV_RULES_DIR)/70-tactile.rules)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tactile $(DESTDIR)$(PREFIX)/lib/systemd/user/tactile-bind.service
	rm -f $(DESTDIR)$(PREFIX)/lib/systemd/user/tactile-bind-socket.service
	rm -f $(DESTDIR)$(SYSTEMD_SYSTEM_DIR)/tactile.service $(DESTDIR)$(SYSTEMD_SYSTEM_DIR)/tactile.socket
	rm -f $(DESTDIR)$(PREFIX)/lib/sysusers.d/tactile.conf $(DESTDIR)$(PREFIX)/share/dbus-1/system.d/tactile-sensor-proxy.conf
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/tactile.1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tactile
	rm -f $(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_tactile $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tactile.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/tactile
	$(if $(UDEV_RULES_DIR),rm -f $(DESTDIR)$(UDEV_RULES_DIR)/70-tactile.rules)

# The Debian package: make deb builds it from debian/ with dpkg-buildpackage (the binary
# with the Swift runtime linked statically, in .build-static like tools/vm-test's) into
# .build/deb and runs lintian on it, which fails on any error (accepted warnings are in
# debian/tactile.lintian-overrides, each with its reason). make deb-check installs it with
# apt in a clean Debian 12 root, checks what a user sees, and purges it (tools/check-deb).
DEB_PACKAGES := debhelper dpkg-dev lintian debootstrap
DEB_DIR := .build/deb
deb-deps: deps
	@tools/apt-install --no-recommends $(DEB_PACKAGES)

deb: deb-deps static
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)
	DEB_OUT=$(CURDIR)/$(DEB_DIR) dpkg-buildpackage -b -us -uc \
	  --changes-option=-u$(DEB_DIR) --buildinfo-option=-u$(DEB_DIR) \
	  --changes-file=$(DEB_DIR)/tactile.changes --buildinfo-file=$(DEB_DIR)/tactile.buildinfo
	debian/rules clean
	lintian --fail-on error $(DEB_DIR)/tactile.changes

deb-check: deb
	$(SUDO) tools/check-deb $(DEB_DIR)

# Part of make test: installs the static release build (the one the Debian package ships)
# into a temporary DESTDIR, runs the installed
# tactile --help, renders the man page with man -l (no warnings), loads the bash
# completion, then uninstalls and checks nothing is left.
install-check: test-deps static
	tools/check-install $(STATIC_BIN)

clean:
	rm -rf .build $(TEST_BUILD) $(STATIC) Benchmarks/.build Fuzz/.build Fuzz/.build-long

# Regenerates Recordings/ from tools/gen-recordings.py: the touch traces, their raw evdev
# forms (protocol B through a virtual device), the frames tactile assembles from them, and
# the gestures and orientation changes it recognizes in each (*.expected.jsonl).
# Review the diff by eye before committing: these are golden files.
RAW_RECORDINGS := tap pinch-rotate swipe-3finger-up-touchpad swipe-4finger-down pan-5finger-touchpad peek-pop accelerometer-turn click-2finger-touchpad
# Plots whose pictures are kept as goldens (each looked at by a person when written).
PLOT_GOLDENS := pinch-rotate swipe-3finger-up-touchpad accelerometer-turn
recordings: build
	python3 tools/gen-recordings.py Recordings
	$(SWIFT) run -c release orientation-lab traces Recordings
	@for r in $(RAW_RECORDINGS); do \
	  $(BIN) convert Recordings/$$r.jsonl --raw --to trace -o Recordings/$$r.evdev.jsonl && \
	  $(BIN) frames Recordings/$$r.evdev.jsonl -o Recordings/$$r.evdev.frames.jsonl; \
	done
	@for r in $(PLOT_GOLDENS); do $(BIN) plot Recordings/$$r.jsonl -o Recordings/$$r.plot.svg; done
	@for f in Recordings/*.jsonl; do \
	  case $$f in *.evdev.jsonl|*.frames.jsonl|*.expected.jsonl) continue;; esac; \
	  $(BIN) recognize $$f --json > $${f%.jsonl}.expected.jsonl; \
	done
