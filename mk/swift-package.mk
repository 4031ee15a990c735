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

# SwiftPM does not notice that a path dependency's files were added, moved or removed (it then
# fails with "missing inputs"): when the list of sources changed, the example builds afresh.
SWIFT_PACKAGE_SOURCES := $(BUILD)/swift-package-sources.txt

test-swift-package:
	@if grep -n 'unsafeFlags' Package.swift; then \
	    echo "test-swift-package: Package.swift uses unsafeFlags: dependents could not build it"; exit 1; fi
	@mkdir -p $(BUILD) && find Sources include -type f | LC_ALL=C sort > $(SWIFT_PACKAGE_SOURCES).new
	@cmp -s $(SWIFT_PACKAGE_SOURCES).new $(SWIFT_PACKAGE_SOURCES) || rm -rf $(SWIFT_PACKAGE_SCRATCH)
	@mv $(SWIFT_PACKAGE_SOURCES).new $(SWIFT_PACKAGE_SOURCES)
	$(SWIFT) build --package-path $(SWIFT_PACKAGE_EXAMPLE) --scratch-path $(SWIFT_PACKAGE_SCRATCH)
	$(SWIFT_PACKAGE_SCRATCH)/debug/swift-error-demo $(SWIFT_PACKAGE_EXAMPLE)/Localizations \
	    > $(SWIFT_PACKAGE_SCRATCH)/output.txt
	diff -u $(SWIFT_PACKAGE_EXAMPLE)/expected-output.txt $(SWIFT_PACKAGE_SCRATCH)/output.txt
	@echo "swift package: a dependent package builds and formats its own errors ($$(wc -l < $(SWIFT_PACKAGE_SCRATCH)/output.txt) lines)"
