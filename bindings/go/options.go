package errorformatter

// #include <errorformatter.h>
import "C"

// Option changes how Open and FromTables make a catalog.
type Option func(*catalogOptions)

type catalogOptions struct {
	developmentLocale *string
	strict            bool
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

func applyOptions(options []Option) catalogOptions {
	var applied catalogOptions
	for _, option := range options {
		option(&applied)
	}
	return applied
}

func (o catalogOptions) flags() C.uint32_t {
	if o.strict {
		return C.EF_CATALOG_STRICT
	}
	return C.EF_CATALOG_LENIENT
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
