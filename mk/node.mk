# mk/node.mk -- the Node.js binding (bindings/node: an N-API addon in C and index.js over it).
#
#   make test-node          node --test on bindings/node/test (the example catalogs, typed
#                           arguments, provenance, errors, hostile values, worker threads), with
#                           the addon plain and under AddressSanitizer + UBSan, then the TypeScript
#                           declarations checked with tsc --noEmit against a typed use of them
#   make node-package       $(BUILD)/node/errorformatter-<version>.tgz by `npm pack`: index.js,
#                           index.d.ts and native/ (the addon, liberrorformatter.so.1 and ICU from
#                           `make tarball ICU=bundled`'s lib/, found through RUNPATH $ORIGIN)
#   make test-node-package  that package installed by `npm install` into an empty project, whose
#                           copy of the Node demo must print the C demo's records with a clean
#                           environment and the system's ICU hidden; then the tests on its addon;
#                           and every ELF file in the package within manylinux_2_28's floor
#   make demo-node          the cross-binding demo (Examples/node/demo.js)
#
# The addon is built with the C compiler against Node's headers (NODE_INCLUDE), no node-gyp and
# no network. Without node and its headers (and npm, for the package) the targets say so and
# succeed, as the suites that need ../shared do without it. Included by the top Makefile after
# its variables; uses mk/bindings.mk's DEMO_*.

ifndef LIBNAME
$(error mk/node.mk needs the top Makefile's variables: run make from the project root)
endif

NODE            ?= node
NPM             ?= npm
TSC             ?= tsc
NODE_INCLUDE    ?= /usr/include/node
# NodeSource's nodejs carries npm and the headers; Debian's own needs npm and libnode-dev too,
# which conflict with NodeSource's, so they are not listed here.
APT_PACKAGES    += nodejs node-typescript

TESTS += test-node test-node-package
DEMOS += demo-node

.PHONY: test-node node-package test-node-package demo-node

NODE_FOUND      := $(if $(shell command -v $(NODE) 2>/dev/null),$(wildcard $(NODE_INCLUDE)/node_api.h))
NPM_FOUND       := $(shell command -v $(NPM) 2>/dev/null)

ifneq ($(NODE_FOUND),)

NODE_DIR        := bindings/node
# The grow-and-retry call of the packed functions (bindings/common) is shared with the JNI glue.
NODE_SOURCES    := $(wildcard $(NODE_DIR)/src/*.c) $(NODE_DIR)/src/addon.h include/errorformatter.h \
                   bindings/common/packed_call.h
NODE_CFLAGS     := -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
                   -I$(NODE_INCLUDE) -Iinclude -Ibindings/common
# What index.js requires beside it: the package's JavaScript.
NODE_SCRIPTS    := $(NODE_DIR)/index.js $(NODE_DIR)/addon.js $(NODE_DIR)/errors.js $(NODE_DIR)/packed.js \
                   $(NODE_DIR)/problem.js
# The addon the tests and the demo load: beside the build tree's library, found by its path.
NODE_ADDON      := $(BUILD)/node/errorformatter.node
# `require('errorformatter')` from the build tree: a node_modules-like directory holding a link
# to the binding, and the addon named by the variable index.js reads.
NODE_MODULES    := $(BUILD)/node/modules
NODE_ENV        := NODE_PATH=$(abspath $(NODE_MODULES)) ERRORFORMATTER_NODE_ADDON=$(abspath $(NODE_ADDON))

$(NODE_ADDON): $(NODE_SOURCES) $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(NODE_CFLAGS) -o $@ $(filter %.c,$^) -L$(BUILD)/lib -lerrorformatter \
	    -Wl,-rpath,$(abspath $(BUILD)/lib)

# The same addon under AddressSanitizer and UndefinedBehaviorSanitizer: they check the addon's
# own code (conversions, ownership, buffers), the library and node are not instrumented. Node
# is not linked with the runtimes, so they are preloaded; leaks are not checked (node itself
# frees little at exit, and every catalog is freed by close() or the tests' collections).
NODE_ADDON_SANITIZED := $(BUILD)/node/sanitized/errorformatter.node
NODE_SANITIZE        := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
NODE_SANITIZE_ENV     = LD_PRELOAD=$$($(CC) -print-file-name=libasan.so):$$($(CC) -print-file-name=libubsan.so) \
                        ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1

$(NODE_ADDON_SANITIZED): $(NODE_SOURCES) $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(dir $@)
	$(CC) $(NODE_CFLAGS) $(NODE_SANITIZE) -O1 -o $@ $(filter %.c,$^) -L$(BUILD)/lib -lerrorformatter \
	    -Wl,-rpath,$(abspath $(BUILD)/lib)

$(NODE_MODULES)/errorformatter:
	mkdir -p $(dir $@)
	ln -sfn $(abspath $(NODE_DIR)) $@

NODE_TESTS      := $(wildcard $(NODE_DIR)/test/*.test.js $(NODE_DIR)/test/*.test.mjs)

# The tests read the example catalogs and compare results with errfmt's --json output.
test-node: $(NODE_ADDON) $(NODE_ADDON_SANITIZED) $(NODE_MODULES)/errorformatter $(BUILD)/bin/errfmt
	env $(NODE_ENV) ERRFMT=$(abspath $(BUILD)/bin/errfmt) $(NODE) --test $(NODE_TESTS)
	env $(NODE_ENV) ERRORFORMATTER_NODE_ADDON=$(abspath $(NODE_ADDON_SANITIZED)) $(NODE_SANITIZE_ENV) \
	    ERRFMT=$(abspath $(BUILD)/bin/errfmt) $(NODE) --test $(NODE_TESTS)
	@if command -v $(TSC) >/dev/null 2>&1; then \
	  $(TSC) --noEmit --strict --target es2020 --lib es2020,dom --module commonjs \
	      --moduleResolution node --baseUrl $(abspath $(NODE_MODULES)) $(NODE_DIR)/test/types/usage.ts \
	    && echo "test-node: index.d.ts checked with tsc --noEmit --strict"; \
	else \
	  echo "test-node: tsc is not installed; the declarations were only compared with the exports (apt-get install node-typescript)"; \
	fi

# ------------------------------------------------------------------------------ the package
# Staged under $(BUILD)/node/package from the binding's files and the relocatable tarball's
# lib/ (so ICU is bundled exactly as the tarball bundles it), then packed by npm itself.
NODE_STAGE      := $(BUILD)/node/package
NODE_TGZ        := $(BUILD)/node/errorformatter-$(VERSION).tgz
# As mk/wheel.mk names the tarball with ICU=bundled (its variables are read after this file).
NODE_TARBALL     = $(DIST)/errorformatter-$(VERSION)-linux-$(ARCH)-icu$(ICU_MAJOR).tar.gz

ifneq ($(NPM_FOUND),)
node-package: all
	$(MAKE) --no-print-directory tarball ICU=bundled
	rm -rf $(NODE_STAGE) $(BUILD)/node/tarball && mkdir -p $(NODE_STAGE)/native $(BUILD)/node/tarball
	tar -C $(BUILD)/node/tarball -xzf $(NODE_TARBALL)
	sh $(NODE_DIR)/tools/copy-libraries.sh $(BUILD)/node/tarball/*/lib $(NODE_STAGE)/native
	$(CC) $(NODE_CFLAGS) -o $(NODE_STAGE)/native/errorformatter.node $(filter %.c,$(NODE_SOURCES)) \
	    -L$(NODE_STAGE)/native -l:$(LIBNAME).$(SOMAJOR) -Wl,-rpath,'$$ORIGIN'
	strip --strip-unneeded $(NODE_STAGE)/native/errorformatter.node
	cp $(NODE_DIR)/package.json $(NODE_SCRIPTS) $(NODE_DIR)/index.d.ts $(NODE_DIR)/README.md $(NODE_STAGE)/
	@test "$$($(NODE) -p 'require("./$(NODE_DIR)/package.json").version')" = "$(VERSION)" \
	    || { echo "node-package: $(NODE_DIR)/package.json's version is not $(VERSION)"; exit 1; }
	rm -f $(NODE_TGZ)
	cd $(NODE_STAGE) && $(NPM) pack --offline --ignore-scripts --pack-destination $(abspath $(BUILD)/node) > /dev/null
	@ls -l $(NODE_TGZ)

# The package's own addon (RUNPATH $ORIGIN, its library and ICU beside it) also passes the
# whole suite.
test-node-package: node-package $(BUILD)/examples/records-c.txt $(BUILD)/bin/errfmt
	NPM="$(NPM)" NODE="$(NODE)" sh $(NODE_DIR)/tools/check-package.sh $(abspath $(NODE_TGZ)) \
	    $(abspath Examples/node/demo.js) $(abspath $(DEMO_CASES)) $(abspath $(BUILD)/examples/records-c.txt) \
	    $(abspath $(BUILD)/node/package-test)
	env ERRORFORMATTER_NODE_ADDON=$(abspath $(BUILD)/node/package-test/project/node_modules/errorformatter/native/errorformatter.node) \
	    ERRFMT=$(abspath $(BUILD)/bin/errfmt) $(NODE) --test --test-reporter=dot $(NODE_TESTS)
	sh Tests/packaging/check_symbol_versions.sh $(abspath $(NODE_TGZ))
	@echo "test-node-package: the installed package's addon passes bindings/node/test"
else
node-package test-node-package:
	@echo "$@: skipped: needs $(NPM) on PATH"
endif

# --------------------------------------------------------------------------------- the demo
demo-node: $(NODE_ADDON) $(NODE_MODULES)/errorformatter
	@echo "== Node.js demo (Examples/node/demo.js)"
	env $(NODE_ENV) $(NODE) Examples/node/demo.js $(DEMO_CASES)

DEMO_RECORDS += node
$(BUILD)/examples/records-node.txt: $(NODE_ADDON) $(NODE_MODULES)/errorformatter FORCE
	mkdir -p $(dir $@)
	env $(NODE_ENV) $(NODE) Examples/node/demo.js $(DEMO_CASES) > $@ $(DEMO_STDERR)

test-demos: $(BUILD)/examples/records-node.txt
else
test-node node-package test-node-package demo-node:
	@echo "$@: skipped: needs $(NODE) on PATH and its headers in $(NODE_INCLUDE) (Debian: nodejs libnode-dev)"
endif
