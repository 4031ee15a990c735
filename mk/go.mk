# mk/go.mk -- the Go binding (bindings/go, the module github.com/errorformatter/errorformatter-go).
#
#   make test-go          gofmt -l (must list nothing) and go vet on the binding and its demo, then
#                         go test -race on the binding, built through pkg-config against build/lib,
#                         with cgo's full pointer checks (GODEBUG=cgocheck=2)
#   make demo-go          the cross-binding demo (Examples/go, a module of its own)
#   make test-go-install  a Go program in a clean directory under build/, requiring the module (a
#                         replace to a copy of it), built offline against the relocatable tarball
#                         (make tarball ICU=bundled) through PKG_CONFIG_PATH alone, formats
#
# Go's caches and module path stay under $(BUILD)/go (GOCACHE, GOPATH); nothing is fetched
# (GOPROXY=off: the module needs nothing outside the standard library). Without Go 1.19 or
# later the targets say so and succeed, as the suites that need ../shared do without it.

GO            ?= go
GOFMT         ?= gofmt
GO_MINOR      := $(shell $(GO) env GOVERSION 2>/dev/null | sed -n 's/^go1\.\([0-9]*\).*/\1/p')
GO_FOUND      := $(shell [ "$(GO_MINOR)" -ge 19 ] 2>/dev/null && echo yes)
GO_MODULE     := bindings/go
GO_DEMO_DIR   := Examples/go

APT_PACKAGES += golang-go pkg-config
TESTS += test-go test-go-install
DEMOS += demo-go

.PHONY: test-go demo-go test-go-install

# The library cgo links and the tests load: exactly the one just built, found as a user's
# program finds an installed one, through its pkg-config file. GOENV=off: no user's go env file.
GO_ENV := GOCACHE=$(abspath $(BUILD)/go/cache) GOPATH=$(abspath $(BUILD)/go/path) GOENV=off \
          GOFLAGS=-mod=mod GOPROXY=off GOSUMDB=off GOTOOLCHAIN=local CGO_ENABLED=1 \
          PKG_CONFIG_PATH=$(abspath $(BUILD)/lib/pkgconfig) \
          LD_LIBRARY_PATH=$(abspath $(BUILD)/lib)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}
GO_DEMO := $(BUILD)/examples/demo-go

ifdef GO_FOUND
# ERRFMT: the tests compare results with `errfmt format --json` (skipped when it is absent).
# cgocheck=2 checks every pointer the binding hands to C (Go buffers lent to a call) at run time.
test-go: all
	@unformatted=$$($(GOFMT) -l $(GO_MODULE) $(GO_DEMO_DIR)); \
	  if [ -n "$$unformatted" ]; then echo "gofmt -l: not formatted: $$unformatted"; exit 1; fi
	cd $(GO_MODULE) && env $(GO_ENV) $(GO) vet ./...
	cd $(GO_DEMO_DIR) && env $(GO_ENV) $(GO) vet ./...
	cd $(GO_MODULE) && env $(GO_ENV) ERRFMT=$(abspath $(BUILD)/bin/errfmt) GODEBUG=cgocheck=2 \
	    $(GO) test -race -count=1 ./...

# Go decides what to rebuild; make only asks it every time.
$(GO_DEMO): all FORCE
	mkdir -p $(dir $@)
	cd $(GO_DEMO_DIR) && env $(GO_ENV) $(GO) build -o $(abspath $@) .

demo-go: $(GO_DEMO)
	@echo "== Go demo (Examples/go/main.go)"
	LD_LIBRARY_PATH=$(abspath $(BUILD)/lib) $(GO_DEMO) $(DEMO_CASES)

DEMO_RECORDS += go
$(BUILD)/examples/records-go.txt: $(GO_DEMO) FORCE
	LD_LIBRARY_PATH=$(abspath $(BUILD)/lib) $(GO_DEMO) $(DEMO_CASES) > $@ $(DEMO_STDERR)

test-demos: $(BUILD)/examples/records-go.txt

test-go-install:
	$(MAKE) --no-print-directory tarball ICU=bundled
	GO="$(GO)" GOCACHE=$(abspath $(BUILD)/go/cache) sh Tests/packaging/check_go_install.sh \
	    $(DIST)/errorformatter-$(VERSION)-linux-$(ARCH)-icu$(ICU_MAJOR).tar.gz \
	    $(abspath $(BUILD)/go-install) $(abspath $(EXAMPLE))
else
test-go demo-go test-go-install:
	@echo "$@: skipped: needs $(GO) 1.19 or later on PATH (found: $$($(GO) env GOVERSION 2>/dev/null || echo none))"
endif
