# errfmt's output is a contract for tooling: these tests pin it down.
.PHONY: test-cli
TESTS += test-cli

test-cli: $(BUILD)/bin/errfmt
	ERRFMT=$(abspath $(BUILD)/bin/errfmt) $(PYTHON) -m pytest -q Tests/CLI
