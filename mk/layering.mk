# mk/layering.mk -- the core's layers (DESIGN.md, "What depends on what") checked by reading
# the types each folder names: no folder names a type of a folder it must never name.
#
#   make test-layering   Tests/Layering/check_layers.py over Sources/ErrorFormatter (part of make check)

.PHONY: test-layering
CHECKS += test-layering

test-layering:
	$(PYTHON) Tests/Layering/check_layers.py Sources/ErrorFormatter
