# mk/bench.mk -- side-by-side benchmarks (docs/performance.md says what each measures and how to
# read it; Benchmarks/results/ keeps dated runs). Not part of make test: timings are not tests.
#
#   make bench-format    ef_format and ef_catalog_lookup from C beside glibc gettext, same strings
#   make bench-plural    a .stringsdict plural from C beside ICU MessageFormat (umsg_format)
#   make bench-strings   ../shared's corpus read into tables beside Foundation parsing it
#   make bench-load      errfmt dump --count over the corpus beside a Foundation program, whole process
#   make bench-locales   locale resolution, first call and cached
#   make bench-numbers   a format with localized numbers beside the same in the C locale
#   make bench-open      cold start: open a 62-language catalog + one lookup beside gettext
#   make bench-workers   memory of 8 pre-forked workers using that catalog, beside gettext
#   make bench-swift     the format roads from Swift beside the same roads through the C ABI
#   make bench-python    (mk/python.mk) Catalog.format beside fluent.runtime
#   make bench-problem   ef_format_problem beside ef_format of the same errors and preferences

BENCH_DIR := $(BUILD)/bench
# msgfmt makes the gettext side's .mo files.
APT_PACKAGES += gettext

# $(call c_bench_program,NAME,LIBRARIES): builds $(BENCH_DIR)/NAME_bench from
# Benchmarks/c/NAME_bench.c against the library (and LIBRARIES).
define c_bench_program
$(BENCH_DIR)/$(1)_bench: Benchmarks/c/$(1)_bench.c Benchmarks/c/bench_timing.h include/errorformatter.h \
                         $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(BENCH_DIR)
	$(CC) -std=c99 -O2 -Wall -Wextra -Iinclude -o $$@ $$< -L$(BUILD)/lib -lerrorformatter $(2) \
	    -Wl,-rpath,$(abspath $(BUILD)/lib)
endef

# $(call c_bench,NAME,LIBRARIES,DATA): bench-NAME runs Benchmarks/c/NAME_bench.c, built against
# the library (and LIBRARIES), with DATA (prerequisites, passed as its arguments).
define c_bench
BENCHES += bench-$(1)
.PHONY: bench-$(1)
$(call c_bench_program,$(1),$(2))
bench-$(1): $(BENCH_DIR)/$(1)_bench $(3)
	$(BENCH_DIR)/$(1)_bench $(3)
endef

# $(call swift_bench,NAME,PRODUCT): bench-NAME runs Benchmarks/Sources/PRODUCT, a release build
# of the Benchmarks package.
define swift_bench
BENCHES += bench-$(1)
.PHONY: bench-$(1)
bench-$(1):
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BENCH_DIR) --product $(2)
	$(BENCH_DIR)/release/$(2)
endef

# The same 200 errors as an Apple-style catalog and as gettext .mo files (fr, fr_CA).
BENCH_FORMAT_DATA := $(BENCH_DIR)/format-data
$(BENCH_FORMAT_DATA)/stamp: Benchmarks/c/make_bench_catalog.py
	rm -rf $(BENCH_FORMAT_DATA)
	$(PYTHON) Benchmarks/c/make_bench_catalog.py $(BENCH_FORMAT_DATA)
	for locale in fr fr_CA; do \
	  mkdir -p $(BENCH_FORMAT_DATA)/locale/$$locale/LC_MESSAGES && \
	  msgfmt -o $(BENCH_FORMAT_DATA)/locale/$$locale/LC_MESSAGES/bench.mo $(BENCH_FORMAT_DATA)/po/$$locale.po || exit 1; \
	done
	touch $@
$(BENCH_FORMAT_DATA)/catalog $(BENCH_FORMAT_DATA)/locale: $(BENCH_FORMAT_DATA)/stamp

$(eval $(call c_bench,format,-lpthread,$(BENCH_FORMAT_DATA)/catalog $(BENCH_FORMAT_DATA)/locale))
$(eval $(call c_bench,plural,$(ICU_LIBS)))
$(eval $(call c_bench,problem,,$(BENCH_FORMAT_DATA)/catalog))
$(eval $(call swift_bench,strings,strings-bench))

# The format roads from Swift beside the same roads through the C ABI, in one process: the
# Benchmarks package's own release build of the core for the Swift side, the library `make`
# builds for the C side (found through -L and a run path).
BENCHES += bench-swift
.PHONY: bench-swift
bench-swift: $(BUILD)/lib/$(LIBNAME).$(VERSION) $(BENCH_FORMAT_DATA)/catalog
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BENCH_DIR) --product swift-format-bench \
	    -Xlinker -L$(abspath $(BUILD)/lib) -Xlinker -rpath -Xlinker $(abspath $(BUILD)/lib)
	$(BENCH_DIR)/release/swift-format-bench $(BENCH_FORMAT_DATA)/catalog
$(eval $(call swift_bench,locales,locale-bench))
$(eval $(call swift_bench,numbers,numbers-bench))

# Whole-process loading: the release CLI's `dump --count` over the corpus's .strings files beside
# foundation-dump-count, the same program with Foundation (docs/performance.md).
BENCHES += bench-load
.PHONY: bench-load
bench-load: $(BUILD)/bin/errfmt
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BENCH_DIR) --product load-bench
	$(SWIFT) build -c release --package-path Benchmarks --scratch-path $(BENCH_DIR) --product foundation-dump-count
	$(BENCH_DIR)/release/load-bench --errfmt $(BUILD)/bin/errfmt

# Cold start, whole process, on the corpus's largest catalog by languages (VLC for iOS: 62
# localizations): open + one lookup beside gettext with the same tables compiled by msgfmt.
BENCHES += bench-open
.PHONY: bench-open
CORPUS_DATA ?= ../shared/corpus/data
BENCH_OPEN_CATALOG := $(CORPUS_DATA)/videolan__vlc-ios/Resources
BENCH_OPEN_DATA    := $(BENCH_DIR)/open-data
$(BENCH_OPEN_DATA)/stamp: Benchmarks/c/make_open_data.py $(BUILD)/bin/errfmt
	@test -d $(BENCH_OPEN_CATALOG) || { echo "bench-open: $(BENCH_OPEN_CATALOG) is missing (../shared's corpus)"; exit 1; }
	rm -rf $(BENCH_OPEN_DATA)
	$(PYTHON) Benchmarks/c/make_open_data.py $(BUILD)/bin/errfmt $(BENCH_OPEN_CATALOG) $(BENCH_OPEN_DATA)/locale
	$(BUILD)/bin/errfmt compile --quiet $(BENCH_OPEN_CATALOG) -o $(BENCH_OPEN_DATA)/catalog.efc
	touch $@
# The catalog a process "already using the library" has opened (open_bench.c's IN_USE).
$(BENCH_OPEN_DATA)/in-use.efc: $(BUILD)/bin/errfmt $(wildcard Examples/Sync/*/*) | $(BENCH_OPEN_DATA)/stamp
	$(BUILD)/bin/errfmt compile --quiet Examples/Sync -o $@
$(eval $(call c_bench_program,open))
bench-open: $(BENCH_DIR)/open_bench $(BENCH_OPEN_DATA)/stamp $(BENCH_OPEN_DATA)/in-use.efc
	$(PYTHON) Benchmarks/c/open_bench.py $(BENCH_DIR)/open_bench $(BENCH_OPEN_CATALOG) \
	    $(BENCH_OPEN_DATA)/catalog.efc $(BENCH_OPEN_DATA)/locale Localizable DOWNLOAD_FAILED fr \
	    $(BENCH_OPEN_DATA)/in-use.efc InfoPlist $(BENCH_OPEN_ROUNDS)
BENCH_OPEN_ROUNDS ?= 15

# Memory of pre-forked workers using the same catalog, beside gettext (the same data as bench-open).
BENCHES += bench-workers
.PHONY: bench-workers
$(eval $(call c_bench_program,workers))
bench-workers: $(BENCH_DIR)/workers_bench $(BENCH_OPEN_DATA)/stamp $(BENCH_OPEN_DATA)/in-use.efc
	$(PYTHON) Benchmarks/c/workers_bench.py $(BENCH_DIR)/workers_bench $(BENCH_OPEN_CATALOG) \
	    $(BENCH_OPEN_DATA)/catalog.efc $(BENCH_OPEN_DATA)/locale Localizable DOWNLOAD_FAILED fr 8 \
	    $(BENCH_OPEN_DATA)/in-use.efc InfoPlist
