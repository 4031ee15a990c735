# mk/python.mk -- the Python binding's type check and its benchmark.
#
#   make typecheck-python   mypy --strict on bindings/python/src (part of make check)
#   make bench-python       Catalog.format side by side with fluent.runtime (and PyICU when
#                           installed)
#
# Included by the top Makefile after its variables; uses BINDINGS_PYTHON (mk/bindings.mk).

CHECKS       += typecheck-python
BENCHES      += bench-python
PIP_PACKAGES += mypy fluent.runtime

.PHONY: typecheck-python bench-python

# The to_dict tests compare with errfmt's --json output: build it for them.
test-python: $(BUILD)/bin/errfmt

typecheck-python:
	$(PYTHON) -m mypy --strict --no-error-summary --cache-dir $(BUILD)/mypy-cache bindings/python/src/errorformatter
	@echo "typecheck-python: mypy --strict clean"

bench-python: lib $(BENCH_FORMAT_DATA)/stamp
	$(BINDINGS_PYTHON) Benchmarks/python/format_bench.py $(BENCH_FORMAT_DATA)/catalog
