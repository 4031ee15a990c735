#if canImport(Glibc)
import Glibc
#endif

/// The team's shared research folder (`<package root>/../shared`), found from this file's path.
///
/// It is not part of the repository; tests that need it are skipped when it is absent.
enum SharedCorpus {
    static let root = TestSupport.sharedDirectory

    static var corpus: String { root + "/corpus" }

    static var isAvailable: Bool {
        access(corpus + "/foundation-results.tsv", R_OK) == 0
    }
}
