# mk/rejection-codes.mk -- one list of rejection codes: the format engine's failure codes
# (Sources/ErrorFormatter/FormatEngine/), docs/formatting.md's table of them, and every code the
# READMEs, docs/ and the bindings name for a rejection agree.
#
#   make test-rejection-codes   Tests/RejectionCodes/check_rejection_codes.py (part of make check)

CHECKS += test-rejection-codes

.PHONY: test-rejection-codes

test-rejection-codes:
	$(PYTHON) Tests/RejectionCodes/check_rejection_codes.py
