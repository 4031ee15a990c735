# ef_format and ef_catalog_lookup from C, side by side with glibc gettext on the same strings.
.PHONY: bench-format
BENCHES += bench-format

BENCH_DIR := $(BUILD)/bench

$(BENCH_DIR)/format_bench: Benchmarks/c/format_bench.c Benchmarks/c/bench_timing.h include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(BENCH_DIR)
	$(CC) -std=c99 -O2 -Wall -Wextra -Iinclude -o $@ $< -L$(BUILD)/lib -lerrorformatter -lpthread \
	    -Wl,-rpath,$(abspath $(BUILD)/lib)

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

bench-format: $(BENCH_DIR)/format_bench $(BENCH_FORMAT_DATA)/stamp
	$(BENCH_DIR)/format_bench $(BENCH_FORMAT_DATA)/catalog $(BENCH_FORMAT_DATA)/locale

# A plural string from C: ef_catalog_lookup of a .stringsdict entry side by side with ICU
# MessageFormat (umsg_format, pattern opened once).
.PHONY: bench-plural
BENCHES += bench-plural

$(BENCH_DIR)/plural_bench: Benchmarks/c/plural_bench.c Benchmarks/c/bench_timing.h include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(BENCH_DIR)
	$(CC) -std=c99 -O2 -Wall -Wextra -Iinclude -o $@ $< -L$(BUILD)/lib -lerrorformatter $(ICU_LIBS) \
	    -Wl,-rpath,$(abspath $(BUILD)/lib)

bench-plural: $(BENCH_DIR)/plural_bench
	$(BENCH_DIR)/plural_bench
