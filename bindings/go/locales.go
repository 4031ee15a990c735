package errorformatter

// #include <errorformatter.h>
import "C"

import "strconv"

// NormalizeLocale is a locale identifier in ICU's canonical form: "zh-Hant-TW" and "zh_Hant_TW"
// give "zh_Hant_TW", "en_US.UTF-8" gives "en_US". "und", "root", "C" and "POSIX" give "" (use
// Chain to tell C/POSIX, untranslated, apart). A malformed identifier (too long, non-ASCII, not
// BCP 47 / ICU / POSIX syntax) fails with StatusInvalidLocale.
func NormalizeLocale(locale string) (string, error) {
	texts := newCStrings(0, textBytes(locale))
	defer texts.free()
	cLocale, err := texts.text(locale, "locale")
	if err != nil {
		return "", err
	}
	var normalized *C.char
	var details *C.ef_error_details
	if status := C.ef_locale_normalize(&normalized, nil, cLocale, &details); status != C.EF_OK {
		return "", errorFrom(status, details)
	}
	defer C.ef_string_free(normalized)
	return C.GoString(normalized), nil
}

// ChainKind is the kind of a LocaleChain entry (EF_CHAIN_*).
type ChainKind int

// The kinds of chain entries.
const (
	// ChainAbstract: no ICU data for this ID; inserted by the CLDR parent algorithm ("az_Arab").
	ChainAbstract ChainKind = C.EF_CHAIN_ABSTRACT
	// ChainBundle: ICU has locale data for this ID.
	ChainBundle ChainKind = C.EF_CHAIN_BUNDLE
	// ChainAlias: a legacy or alias ID ("zh_TW"); the next entry is its target.
	ChainAlias ChainKind = C.EF_CHAIN_ALIAS
)

// String is "abstract", "bundle" or "alias".
func (k ChainKind) String() string {
	switch k {
	case ChainAbstract:
		return "abstract"
	case ChainBundle:
		return "bundle"
	case ChainAlias:
		return "alias"
	}
	return "chainkind(" + strconv.Itoa(int(k)) + ")"
}

// ChainEntry is one step of a LocaleChain.
type ChainEntry struct {
	// ID is the locale in ICU form, e.g. "zh_Hant_TW".
	ID string
	// Kind says whether ICU has data for it or it is an alias.
	Kind ChainKind
}

// LocaleChain is a locale's CLDR fallback chain, most specific first, without root.
type LocaleChain struct {
	// Normalized is the ID the chain was computed for (NormalizeLocale's answer).
	Normalized string
	// Untranslated is true for C and POSIX; then Entries is empty.
	Untranslated bool
	// Entries are the chain's steps: es_MX, es_419, es; zh_TW (alias), zh_Hant_TW, zh_Hant.
	Entries []ChainEntry
}

// Chain is the fallback chain of a locale as ICU's resource-bundle lookup resolves it. It fails
// as NormalizeLocale does.
func Chain(locale string) (LocaleChain, error) {
	texts := newCStrings(0, textBytes(locale))
	defer texts.free()
	cLocale, err := texts.text(locale, "locale")
	if err != nil {
		return LocaleChain{}, err
	}
	var chain *C.ef_locale_chain
	var details *C.ef_error_details
	if status := C.ef_locale_chain_new(&chain, cLocale, &details); status != C.EF_OK {
		return LocaleChain{}, errorFrom(status, details)
	}
	defer C.ef_locale_chain_free(chain)
	made := LocaleChain{
		Normalized:   C.GoString(C.ef_locale_chain_normalized(chain)),
		Untranslated: C.ef_locale_chain_untranslated(chain) != 0,
	}
	count := C.ef_locale_chain_count(chain)
	for index := C.size_t(0); index < count; index++ {
		made.Entries = append(made.Entries, ChainEntry{
			ID:   goString(C.ef_locale_chain_id(chain, index)),
			Kind: ChainKind(C.ef_locale_chain_kind(chain, index)),
		})
	}
	return made, nil
}

// PreferencesFromEnvironment is the user's preferred locales from the POSIX environment, with
// gettext's precedence: the first non-empty of LC_ALL, LC_MESSAGES and LANG is the locale;
// LANGUAGE's colon-separated list replaces it, except when it is C or POSIX (which gives
// ["C"]: untranslated). No variable set gives an empty list (the development locale). Pass the
// result to Format or Lookup.
//
// The library reads the environment with getenv: this must not run concurrently with
// os.Setenv.
func PreferencesFromEnvironment() ([]string, error) {
	var list *C.ef_locale_list
	var details *C.ef_error_details
	if status := C.ef_locale_list_from_environment(&list, &details); status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	return copyLocaleList(list), nil
}

// PreferencesFromAcceptLanguage is the locales of an HTTP Accept-Language header, best first
// (by q-value, equal ones in order); q=0 entries, the wildcard and malformed parts are dropped.
// A header that is not UTF-8 fails with StatusInvalidUTF8.
func PreferencesFromAcceptLanguage(header string) ([]string, error) {
	texts := newCStrings(0, textBytes(header))
	defer texts.free()
	cHeader, err := texts.text(header, "header")
	if err != nil {
		return nil, err
	}
	var list *C.ef_locale_list
	var details *C.ef_error_details
	if status := C.ef_locale_list_from_accept_language(&list, cHeader, &details); status != C.EF_OK {
		return nil, errorFrom(status, details)
	}
	return copyLocaleList(list), nil
}

// copyLocaleList copies a list's entries and frees it.
func copyLocaleList(list *C.ef_locale_list) []string {
	defer C.ef_locale_list_free(list)
	count := C.ef_locale_list_count(list)
	entries := make([]string, 0, int(count))
	for index := C.size_t(0); index < count; index++ {
		entries = append(entries, goString(C.ef_locale_list_entry(list, index)))
	}
	return entries
}
