# Crapette's everyday commands. The two that matter:
#   make run    install what is missing, build, and start the game from the build folder
#   make test   install what is missing, build, and run every test under a virtual display
# Every target installs the Debian 12 packages it needs that are not installed yet.

BUILD_DIR ?= build
ASAN_BUILD_DIR ?= build-asan
FUZZ_BUILD_DIR ?= build-fuzz
XVFB_RUN = xvfb-run -a -s "-screen 0 1920x1080x24"

# Packages to build and run the game.
BUILD_PACKAGES = gcc libc6-dev meson ninja-build pkg-config python3 gettext \
	libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev librsvg2-dev \
	desktop-file-utils appstream libgnutls28-dev glib-networking libstrophe-dev \
	libsodium-dev libavahi-client-dev libavahi-glib-dev libsecret-1-dev
# Packages the test suite needs on top: the validators, a virtual display and a session bus,
# and for the accessibility tests (tests/a11y/) the accessibility bus, its Python bindings
# and a way to type keys; for network play (tests/net/) a Prosody of the tests' own, the
# certificate it is given (openssl) and setpriv to run it unprivileged (util-linux); for games
# nearby an Avahi daemon of the tests' own in a network namespace (avahi-daemon, iproute2);
# for the password kept in the keyring across a restart, a Secret Service of the test's own
# on a private bus (gnome-keyring).
TEST_PACKAGES = $(BUILD_PACKAGES) xvfb xauth dbus-daemon flatpak-builder librsvg2-bin \
	shared-mime-info at-spi2-core python3-pyatspi xdotool \
	prosody lua-unbound openssl util-linux avahi-daemon iproute2 gnome-keyring
# Packages for the libFuzzer targets and the sanitizer builds.
FUZZ_PACKAGES = $(TEST_PACKAGES) clang libclang-rt-14-dev

# Installs each listed package that dpkg does not report as installed, refreshing the
# package lists once first; as root directly, otherwise through sudo.
define install_missing
	@missing=""; \
	if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "dpkg-query not found: install these packages yourself: $(1)"; exit 0; \
	fi; \
	for package in $(1); do \
	  status=$$(dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null); \
	  [ "$$status" = "install ok installed" ] || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	  else echo "Missing packages:$$missing; run make as root or install sudo"; exit 1; fi; \
	  echo "Installing missing packages:$$missing"; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get update && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y --no-install-recommends $$missing; \
	fi
endef

.PHONY: all run test test-sanitize fuzz soak build deps test-deps fuzz-deps install pot flatpak clean

all: build

deps:
	$(call install_missing,$(BUILD_PACKAGES))

test-deps:
	$(call install_missing,$(TEST_PACKAGES))

fuzz-deps:
	$(call install_missing,$(FUZZ_PACKAGES))

# Configured once; after that ninja reconfigures by itself whenever a meson.build changes.
$(BUILD_DIR)/build.ninja:
	meson setup $(BUILD_DIR)

build: deps $(BUILD_DIR)/build.ninja
	ninja -C $(BUILD_DIR)

run: build
	@if [ -x $(BUILD_DIR)/src/crapette ]; then \
	  meson devenv -C $(BUILD_DIR) ./src/crapette; \
	else \
	  echo "The game itself ($(BUILD_DIR)/src/crapette) is not built yet: nothing to run."; \
	fi

# UI tests need a display: Xvfb gives them one, and dbus-run-session a session bus.
test: test-deps $(BUILD_DIR)/build.ninja
	ninja -C $(BUILD_DIR)
	rm -f $(BUILD_DIR)/meson-logs/testlog.json
	dbus-run-session -- $(XVFB_RUN) meson test -C $(BUILD_DIR) --print-errorlogs

# Sanitized code runs five to ten times slower: each test gets twice its usual time limit.
test-sanitize: fuzz-deps
	[ -f $(ASAN_BUILD_DIR)/build.ninja ] || \
	  meson setup $(ASAN_BUILD_DIR) -Db_sanitize=address,undefined -Db_lundef=false
	ninja -C $(ASAN_BUILD_DIR)
	dbus-run-session -- $(XVFB_RUN) meson test -C $(ASAN_BUILD_DIR) --print-errorlogs --timeout-multiplier 2

# libFuzzer needs clang; the fuzz targets are defined in tests/fuzz/.
fuzz: fuzz-deps
	[ -f $(FUZZ_BUILD_DIR)/build.ninja ] || \
	  CC=clang meson setup $(FUZZ_BUILD_DIR) -Dfuzzing=true \
	    -Db_sanitize=address,undefined -Db_lundef=false
	ninja -C $(FUZZ_BUILD_DIR)
	meson test -C $(FUZZ_BUILD_DIR) --suite fuzz --print-errorlogs

# 100,000 random rounds of each game through crapette-sim --check: the position's invariants
# after every move, and every generated move accepted by the judge. Minutes, so not in `make test`.
SOAK_ROUNDS ?= 100000
soak: build
	$(BUILD_DIR)/src/tools/crapette-sim --check --variant russian --games $(SOAK_ROUNDS) --seed 1
	$(BUILD_DIR)/src/tools/crapette-sim --check --variant american --games $(SOAK_ROUNDS) --seed 1

install: build
	meson install -C $(BUILD_DIR)

# Regenerates po/crapette.pot from the files listed in po/POTFILES.in.
pot: build
	ninja -C $(BUILD_DIR) crapette-pot

# Builds and installs the Flatpak for the current user (needs the GNOME 50 runtime).
flatpak:
	flatpak-builder --user --install --force-clean $(BUILD_DIR)-flatpak \
	  flatpak/io.github.crapette.Crapette.json

clean:
	rm -rf $(BUILD_DIR) $(ASAN_BUILD_DIR) $(FUZZ_BUILD_DIR) $(BUILD_DIR)-flatpak .flatpak-builder
