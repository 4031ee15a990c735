# mk/python.mk -- the Python binding's type check and its benchmark.
#
#   make typecheck-python   mypy --strict on bindings/python/src (part of `make test` when mypy
#                           is importable; says so and passes when it is not)
#   make bench-python       Catalog.format side by side with fluent.runtime (and PyICU when
#                           installed), fluent.runtime installed into a private venv under
#                           build/ when the Python running make lacks it
#
# Included by the top Makefile after its variables; uses BINDINGS_PYTHON (mk/bindings.mk).

TESTS   += typecheck-python
BENCHES += bench-python

.PHONY: typecheck-python bench-python

# The to_dict tests compare with errfmt's --json output: build it for them.
test-python: $(BUILD)/bin/errfmt

typecheck-python:
	@if $(PYTHON) -c 'import mypy' 2>/dev/null; then \
	  $(PYTHON) -m mypy --strict --no-error-summary bindings/python/src/errorformatter \
	    && echo "typecheck-python: mypy --strict clean"; \
	else \
	  echo "typecheck-python: mypy is not installed; skipped (pip install mypy)"; \
	fi

BENCH_PYTHON_VENV := $(BUILD)/bench/python-venv

# A venv of its own: nothing is installed into the Python that runs make.
$(BENCH_PYTHON_VENV)/fluent-installed:
	$(PYTHON) -m venv $(BENCH_PYTHON_VENV)
	$(BENCH_PYTHON_VENV)/bin/python -m pip install -q fluent.runtime
	touch $@

bench-python: lib $(BENCH_FORMAT_DATA)/stamp
	@if $(PYTHON) -c 'import fluent.runtime' 2>/dev/null; then \
	  python=$(PYTHON); \
	elif $(MAKE) --no-print-directory $(BENCH_PYTHON_VENV)/fluent-installed; then \
	  python=$(BENCH_PYTHON_VENV)/bin/python; \
	else \
	  echo "bench-python: could not install fluent.runtime; comparing with what is installed"; \
	  python=$(PYTHON); \
	fi; \
	ERRORFORMATTER_LIBRARY=$(abspath $(BINDINGS_LIBRARY)) PYTHONPATH=$(abspath bindings/python/src) \
	  $$python Benchmarks/python/format_bench.py $(BENCH_FORMAT_DATA)/catalog
