# mk/rust.mk -- the Rust binding (bindings/rust: errorformatter-sys and errorformatter).
#
#   make test-rust       cargo test --offline on the workspace (the header comparison, the safe
#                        API's tests and doc tests), then the safe API's tests once more with the
#                        library found through pkg-config instead of ERRORFORMATTER_LIB_DIR;
#                        first `cargo fmt --check` (rustfmt.toml at the root), when rustfmt is there
#   make demo-rust       the cross-binding demo (Examples/rust/demo.rs, a cargo example)
#
# Cargo's files stay under $(BUILD) (CARGO_TARGET_DIR); nothing is fetched (--offline: the
# crates have no dependencies). Without cargo the targets say so and succeed, as the suites that
# need ../shared do without it.

CARGO          ?= cargo
RUST_WORKSPACE := bindings/rust
RUSTC          ?= rustc
# The workspace declares rust-version 1.70 (it needs 1.64 at least: workspace inheritance,
# core::ffi::c_char; tested with 1.95). An older toolchain (Debian 12 ships 1.63) is reported and
# skipped like a missing one.
RUST_MINOR     := $(shell $(RUSTC) --version 2>/dev/null | sed -n 's/^rustc 1\.\([0-9]*\).*/\1/p')
CARGO_FOUND    := $(if $(shell command -v $(CARGO) 2>/dev/null),$(shell [ "$(RUST_MINOR)" -ge 70 ] 2>/dev/null && echo yes))

TESTS += test-rust

.PHONY: test-rust demo-rust

# The library the crates link and load: exactly the one just built.
RUST_ENV := CARGO_TARGET_DIR=$(abspath $(BUILD)/cargo) \
            ERRORFORMATTER_LIB_DIR=$(abspath $(BUILD)/lib) \
            LD_LIBRARY_PATH=$(abspath $(BUILD)/lib)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}
# The same, finding the library through errorformatter.pc (build.rs's second way).
RUST_PKG_CONFIG_ENV := CARGO_TARGET_DIR=$(abspath $(BUILD)/cargo-pkg-config) \
            PKG_CONFIG_PATH=$(abspath $(BUILD)/lib/pkgconfig) \
            LD_LIBRARY_PATH=$(abspath $(BUILD)/lib)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}
RUST_DEMO := $(BUILD)/cargo/debug/examples/demo

ifdef CARGO_FOUND
test-rust: lib $(BUILD)/lib/pkgconfig/errorformatter.pc
	@if $(CARGO) fmt --version > /dev/null 2>&1; then cd $(RUST_WORKSPACE) && $(CARGO) fmt --check; \
	  else echo "test-rust: formatting not checked: cargo fmt (rustfmt) is not installed"; fi
	cd $(RUST_WORKSPACE) && env $(RUST_ENV) $(CARGO) test --offline --locked --workspace
	cd $(RUST_WORKSPACE) && env -u ERRORFORMATTER_LIB_DIR $(RUST_PKG_CONFIG_ENV) \
	    $(CARGO) test --offline --locked -p errorformatter --test binding

# Cargo decides what to rebuild; make only asks it every time.
$(RUST_DEMO): lib FORCE
	cd $(RUST_WORKSPACE) && env $(RUST_ENV) $(CARGO) build --offline --locked --example demo

$(eval $(call binding_demo,rust,Rust demo (Examples/rust/demo.rs),$(RUST_DEMO),LD_LIBRARY_PATH=$(abspath $(BUILD)/lib) $(RUST_DEMO)))
else
DEMOS += demo-rust
test-rust demo-rust:
	@echo "$@: skipped: needs $(CARGO) and $(RUSTC) 1.70 or later on PATH (found: $$($(RUSTC) --version 2>/dev/null || echo none))"
endif
