// locale-bench: what locale resolution costs, first call and cached, through the public API.
//
// Chains are cached per input (BoundedCache); this measures the first call in the process
// (which loads ICU's parentLocales table and resource data), an uncached chain for IDs never seen
// before, the cached chain, and normalization. Real programs resolve a handful of IDs, so the
// cached numbers are the steady state. (Negotiation is not public API: a catalog negotiates a
// preference list the first time a format or lookup brings it and remembers the answer, so a
// program pays for it once per list; `errfmt negotiate` shows its answers.)
//
// usage: locale-bench [--iterations N]
import ErrorFormatter
#if canImport(Glibc)
import Glibc
#endif

func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Nanoseconds per call of `body` over `count` calls.
func nanoseconds(_ count: Int, _ body: (Int) -> Void) -> Double {
    let start = seconds()
    for index in 0..<count { body(index) }
    return (seconds() - start) / Double(count) * 1e9
}

var sink = 0
let iterations = CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--iterations"
    ? Int(CommandLine.arguments[2]) ?? 100_000 : 100_000

let first = nanoseconds(1) { _ in sink &+= Locales.chain(for: "es_MX").count }

// IDs no earlier call has seen: every language ICU knows a region for, spelled as BCP 47.
let languages = ["af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es",
                 "et", "eu", "fa", "fi", "fil", "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is",
                 "it", "ja", "ka", "kk", "km", "kn", "ko", "ky", "lo", "lt", "lv", "mk", "ml", "mn", "mr", "ms",
                 "my", "nb", "ne", "nl", "pa", "pl", "pt", "ro", "ru", "si", "sk", "sl", "sq", "sr", "sv", "sw",
                 "ta", "te", "th", "tr", "uk", "ur", "uz", "vi", "zh", "zu"]
let regions = ["AR", "AT", "AU", "BE", "BR", "CA", "CH", "CN", "DE", "ES", "FR", "GB", "HK", "IN", "IT", "JP",
               "MX", "NL", "PT", "RU", "SG", "TW", "US", "ZA"]
let fresh = languages.flatMap { language in regions.map { "\(language)_\($0)" } }
let uncached = nanoseconds(fresh.count) { sink &+= Locales.chain(for: fresh[$0]).count }
let cached = nanoseconds(iterations) { sink &+= Locales.chain(for: fresh[$0 % fresh.count]).count }
let normalize = nanoseconds(iterations / 10) { index in
    if case .locale(let id)? = try? Locales.normalize(index % 2 == 0 ? "zh-Hant-TW" : "sr_RS.UTF-8@latin") {
        sink &+= id.utf8.count
    }
}

func row(_ name: String, _ value: Double) {
    let text = value >= 10_000 ? "\(Int(value / 1000)) µs" : "\(Int(value)) ns"
    print(name + String(repeating: " ", count: max(1, 58 - name.count)) + String(repeating: " ", count: max(0, 10 - text.count))
        + text)
}
print("locale resolution (release build, one process)")
row("first chain in the process (loads ICU parent data)", first)
row("chain, uncached (\(fresh.count) distinct IDs)", uncached)
row("chain, cached", cached)
row("normalize (BCP 47 and POSIX spellings)", normalize)
if sink == 42 { print("") }  // keeps the work observable
