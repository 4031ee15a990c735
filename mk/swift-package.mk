# mk/swift-package.mk -- the ErrorFormatter product used as a Swift package dependency.
#
#   make test-swift-package   builds Examples/swift-package (a program depending on this package
#                             by path, formatting its own Swift errors) and compares its output
#                             with Examples/swift-package/expected-output.txt
#
# A package with unsafeFlags cannot be depended on by URL, so the check also refuses them here.

ifndef LIBNAME
$(error mk/swift-package.mk needs the top Makefile's variables: run make from the project root)
endif

TESTS += test-swift-package

.PHONY: test-swift-package

SWIFT_PACKAGE_EXAMPLE := Examples/swift-package
SWIFT_PACKAGE_SCRATCH := $(BUILD)/swift-package

test-swift-package:
	@if grep -n 'unsafeFlags' Package.swift; then \
	    echo "test-swift-package: Package.swift uses unsafeFlags: dependents could not build it"; exit 1; fi
	$(SWIFT) build --package-path $(SWIFT_PACKAGE_EXAMPLE) --scratch-path $(SWIFT_PACKAGE_SCRATCH)
	$(SWIFT_PACKAGE_SCRATCH)/debug/swift-error-demo $(SWIFT_PACKAGE_EXAMPLE)/Localizations \
	    > $(SWIFT_PACKAGE_SCRATCH)/output.txt
	diff -u $(SWIFT_PACKAGE_EXAMPLE)/expected-output.txt $(SWIFT_PACKAGE_SCRATCH)/output.txt
	@echo "swift package: a dependent package builds and formats its own errors ($$(wc -l < $(SWIFT_PACKAGE_SCRATCH)/output.txt) lines)"
