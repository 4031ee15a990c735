# ef_format and ef_catalog_lookup from C, side by side with glibc gettext on the same strings.
.PHONY: bench-format
BENCHES += bench-format

BENCH_DIR := $(BUILD)/bench

$(BENCH_DIR)/format_bench: Benchmarks/c/format_bench.c Benchmarks/c/bench_timing.h include/errorformatter.h $(BUILD)/lib/$(LIBNAME).$(VERSION)
	mkdir -p $(BENCH_DIR)
	$(CC) -std=c99 -O2 -Wall -Wextra -Iinclude -o $@ $< -L$(BUILD)/lib -lerrorformatter \
	    -Wl,-rpath,$(abspath $(BUILD)/lib)

$(BENCH_DIR)/locale/fr/LC_MESSAGES/coreloc.mo: $(EXAMPLE)/fr.lproj/Localizable.strings \
                                               Benchmarks/c/strings_to_po.py $(BUILD)/bin/errfmt
	mkdir -p $(dir $@)
	$(PYTHON) Benchmarks/c/strings_to_po.py $(BUILD)/bin/errfmt $< $(BENCH_DIR)/coreloc.po
	msgfmt -o $@ $(BENCH_DIR)/coreloc.po

bench-format: $(BENCH_DIR)/format_bench $(BENCH_DIR)/locale/fr/LC_MESSAGES/coreloc.mo
	$(BENCH_DIR)/format_bench $(EXAMPLE) $(BENCH_DIR)/locale

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
