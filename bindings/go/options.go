package errorformatter

// #include <errorformatter.h>
//
// // Library 1.3's flag: against an older header the module still builds, and Mapped fails as
// // that library refuses the flag (StatusInvalidArgument).
// #ifndef EF_CATALOG_MAPPED
// #define EF_CATALOG_MAPPED 4u
// #endif
// #ifndef EF_CATALOG_LOCALIZED_NUMBERS
// #define EF_CATALOG_LOCALIZED_NUMBERS 8u
// #endif
// #ifndef EF_CATALOG_PSEUDO_LOCALES
// #define EF_CATALOG_PSEUDO_LOCALES 16u
// #endif
import "C"

// Option changes how Open and FromTables make a catalog.
type Option func(*catalogOptions)

type catalogOptions struct {
	developmentLocale *string
	strict            bool
	onDemand          bool
	mapped            bool
	localizedNumbers  bool
	pseudoLocales     bool
	rejections        rejectionPolicy
}

// DevelopmentLocale sets the development localization, searched after Base (an Apple bundle's
// CFBundleDevelopmentRegion). Without this option it is "en".
func DevelopmentLocale(locale string) Option {
	return func(options *catalogOptions) { options.developmentLocale = &locale }
}

// Strict makes a broken table fail the whole call with StatusParse (and the file, line and
// column at fault). Without it a broken table is left out and recorded as an error Diagnostic.
func Strict() Option {
	return func(options *catalogOptions) { options.strict = true }
}

// OnDemand makes Open read each localization's files the first time a lookup needs it rather
// than at open (EF_CATALOG_ON_DEMAND, library 1.2): the same results, an open that costs only
// what is used. The directory stays open until everything is read; Localizations and
// Diagnostics are then read when first asked for (reading every localization), not at open.
// Ignored with Strict. FromTables refuses it with StatusInvalidArgument. A compiled catalog
// file opened leniently is read a localization at a time in any case; OnDemand also keeps Open
// from listing it, which would read every section.
func OnDemand() Option {
	return func(options *catalogOptions) { options.onDemand = true }
}

// Mapped makes Open map a compiled catalog file read-only instead of reading it with pread
// (EF_CATALOG_MAPPED, library 1.3): the same results, and every process that opens the file
// this way shares its pages. Use it when many processes open the same compiled file, e.g.
// pre-forked workers. The caller promises that nobody truncates or rewrites the file in place
// while the catalog is open: a mapped page cut off the file kills the process that reads it
// with SIGBUS, which neither Go nor the library can recover from. Replacing the file by
// renaming another over it (what Catalog.Compile and errfmt compile do) is safe. Ignored for a
// directory. A library older than 1.3 refuses it with StatusInvalidArgument, and so does
// FromTables.
func Mapped() Option {
	return func(options *catalogOptions) { options.mapped = true }
}

// LocalizedNumbers makes the catalog write the numbers of formats (%lld, %.1f, plural operands)
// as Foundation's String(format:locale:) does for the locale of the text that shows them
// ("1 234 567" in French; EF_CATALOG_LOCALIZED_NUMBERS, library 1.3). Without it they are
// written as C's printf writes them in the C locale. An error may choose for itself
// (ErrorInfo.Numbers). A library older than 1.3 refuses it with StatusInvalidArgument.
func LocalizedNumbers() Option {
	return func(options *catalogOptions) { options.localizedNumbers = true }
}

// PseudoLocales makes the catalog serve the pseudo-locales en-XA (accented, longer,
// bracketed), ar-XB (right to left) and qps-ploc (en-XA), made from the development texts, to
// preferences that name them (EF_CATALOG_PSEUDO_LOCALES, library 1.3). They are never reached
// by fallback and not listed in Localizations. A library older than 1.3 refuses it with
// StatusInvalidArgument.
func PseudoLocales() Option {
	return func(options *catalogOptions) { options.pseudoLocales = true }
}

func applyOptions(options []Option) catalogOptions {
	var applied catalogOptions
	for _, option := range options {
		option(&applied)
	}
	return applied
}

func (o catalogOptions) flags() C.uint32_t {
	flags := C.uint32_t(C.EF_CATALOG_LENIENT)
	if o.strict {
		flags = C.EF_CATALOG_STRICT
	}
	if o.onDemand {
		flags |= C.EF_CATALOG_ON_DEMAND
	}
	if o.mapped {
		flags |= C.EF_CATALOG_MAPPED
	}
	if o.localizedNumbers {
		flags |= C.EF_CATALOG_LOCALIZED_NUMBERS
	}
	if o.pseudoLocales {
		flags |= C.EF_CATALOG_PSEUDO_LOCALES
	}
	return flags
}

// developmentLocaleArgument is the C copy of the development locale, NULL (the library's "en")
// when none was set.
func (o catalogOptions) developmentLocaleArgument(texts *cStrings) (*C.char, error) {
	if o.developmentLocale == nil {
		return nil, nil
	}
	return texts.text(*o.developmentLocale, "development locale")
}

func (o catalogOptions) developmentLocaleBytes() int {
	if o.developmentLocale == nil {
		return 0
	}
	return textBytes(*o.developmentLocale)
}
