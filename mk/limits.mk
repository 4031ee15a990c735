# mk/limits.mk -- one value per limit: the header's EF_MAX_* macros, the Swift core's `Limits`
# table (Sources/ErrorFormatter/Support/Limits.swift) and the bindings' copies agree.
#
#   make test-limits   Tests/Limits/check_limits.py (part of make check)

CHECKS += test-limits

.PHONY: test-limits

test-limits:
	$(PYTHON) Tests/Limits/check_limits.py
