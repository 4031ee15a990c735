import Testing
import ErrorFormatter

@Suite struct LocalePreferencesTests {
    @Test func environmentFollowsGettextPrecedence() {
        let env = Locales.preferencesFromEnvironment
        #expect(env([:]) == [])
        #expect(env(["LANGUAGE": "fr:de"]) == [])  // no locale: gettext runs in C and ignores LANGUAGE
        #expect(env(["LANG": "fr_CA.UTF-8"]) == ["fr_CA.UTF-8"])
        #expect(env(["LANG": "fr_CA.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]) == ["de_DE.UTF-8"])
        #expect(env(["LANG": "fr_CA", "LC_MESSAGES": "de_DE", "LC_ALL": "it_IT"]) == ["it_IT"])
        #expect(env(["LANG": "fr_CA", "LC_ALL": ""]) == ["fr_CA"])  // empty means unset
        #expect(env(["LANG": "fr_CA", "LANGUAGE": "it:de::en"]) == ["it", "de", "en"])
        #expect(env(["LANG": "fr_CA", "LANGUAGE": ""]) == ["fr_CA"])
        #expect(env(["LANG": "fr_CA", "LANGUAGE": "it:C:de"]) == ["it", "C", "de"])  // C stops later
        // C and POSIX disable translation and LANGUAGE with it.
        #expect(env(["LANG": "C", "LANGUAGE": "fr:de"]) == ["C"])
        #expect(env(["LANG": "fr_FR", "LC_ALL": "POSIX", "LANGUAGE": "fr"]) == ["C"])
        #expect(env(["LANG": "fr_FR", "LC_MESSAGES": "C", "LANGUAGE": "fr"]) == ["C"])
        // C.UTF-8 does not disable LANGUAGE (Debian glibc 2.36, measured); alone it is C.
        #expect(env(["LANG": "C.UTF-8", "LANGUAGE": "fr:de"]) == ["fr", "de"])
        #expect(env(["LANG": "C.UTF-8"]) == ["C"])
    }

    @Test func environmentPreferencesNegotiate() {
        let prefs = Locales.preferencesFromEnvironment(["LANG": "sr_RS.UTF-8@latin"])
        #expect(Locales.negotiate(preferences: prefs, available: ["sr", "sr_Latn"]).indices == [1])
        let c = Locales.preferencesFromEnvironment(["LANG": "C", "LANGUAGE": "fr"])
        #expect(Locales.negotiate(preferences: c, available: ["fr"]).untranslated)
    }

    @Test func acceptLanguageIsSortedByQualityStably() {
        let accept = Locales.preferencesFromAcceptLanguage
        #expect(accept("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == ["fr-CH", "fr", "en", "de"])
        #expect(accept("de;q=0.5, en, fr;q=0.5, it") == ["en", "it", "de", "fr"])
        #expect(accept("en;q=0, fr") == ["fr"])
        #expect(accept("en;q=0.000, fr;q=0.001") == ["fr"])
        #expect(accept("da, en-gb;q=0.8, en;q=0.7") == ["da", "en-gb", "en"])
        #expect(accept("  zh-Hant-TW ;  q=1.0 , zh ; Q=0.3") == ["zh-Hant-TW", "zh"])
        #expect(accept("") == [])
        #expect(accept("*") == [])
    }

    @Test func malformedAcceptLanguagePartsAreIgnored() {
        let accept = Locales.preferencesFromAcceptLanguage
        #expect(accept("en;q=2, fr") == ["fr"])
        #expect(accept("en;q=0.5555, fr;q=abc, de;q=, it") == ["it"])
        #expect(accept("en;q=1.5, es;q=1.000") == ["es"])
        #expect(accept("fr_CA, ../../etc, toolongsubtag, -en, en-, de") == ["de"])
        #expect(accept(",,, ;q=1, en") == ["en"])
        #expect(accept("en; charset=x; q=0.3, fr;q=0.4") == ["fr", "en"])
        // Bounded: a hostile header is cut at the last comma before the limit.
        let long = Array(repeating: "en", count: 3000).joined(separator: ",") + ",fr"
        let ranges = accept(long)
        #expect(ranges.count == 64 && !ranges.contains("fr"))
        #expect(accept(String(repeating: "a", count: 10_000)) == [])
    }
}
