import Testing
@testable import ErrorFormatter

/// The argument-free texts decided when a catalog is built (what `ef_catalog_text` hands out)
/// agree with resolving the same key with no arguments, key by key, in every localization.
struct ArgumentFreeTextTests {
    /// Every key of every table, looked up both ways for several preference lists.
    static func checkAgreement(_ catalog: Catalog, preferences: [[String]]) {
        var keys: Set<TableKey> = []
        var tableNames: Set<String> = []
        for localization in catalog.localizations + [""] {
            for name in catalog.tableNames(localization: localization) {
                tableNames.insert(name)
                keys.formUnion(catalog.table(name, localization: localization)?.keys ?? [])
            }
        }
        for table in tableNames {
            for list in preferences {
                let layers = catalog.cachedLayers(of: table, for: list)
                for key in keys {
                    var bytes = key.string
                    let text = bytes.withUTF8 { layers.argumentFreeText(forKey: UnsafeRawBufferPointer($0)) }
                    let expected = catalog.resolve(key.string, table: table, preferences: list).hit?.value
                    #expect(text.map { String(cString: $0) } == expected, "\(key) in \(table) for \(list)")
                }
            }
        }
    }

    @Test func exampleCatalog() throws {
        let catalog = try Catalog.open(directory: TestSupport.exampleCatalog)
        Self.checkAgreement(catalog, preferences: [["fr-CA"], ["es-MX", "de"], ["zh-TW"], ["ja"], ["C"], []])
    }

    @Test func valuesThatNeedArgumentsAreSkipped() throws {
        let catalog = try TestSupport.catalog([
            ("en", #""a" = "Hello"; "b" = "100%% sure"; "c" = "Hi %@"; "d" = "%d files";"#),
            ("fr", #""a" = "Bonjour %@"; "b" = "sûr à 100 %%"; "c" = "Salut";"#),
        ])
        let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: ["fr"])
        func text(_ key: String) -> String? {
            var key = key
            return key.withUTF8 { layers.argumentFreeText(forKey: UnsafeRawBufferPointer($0)) }.map { String(cString: $0) }
        }
        #expect(text("a") == "Hello")
        #expect(text("b") == "sûr à 100 %")
        #expect(text("c") == "Salut")
        #expect(text("d") == nil)
        #expect(text("") == nil)
        Self.checkAgreement(catalog, preferences: [["fr"], ["en"]])
    }

    /// Plural variables (`.stringsdict`), which render without arguments only when no variant
    /// needs one, from a real app's catalog.
    @Test(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
    func corpusCatalogWithPlurals() throws {
        let catalog = try Catalog.open(directory: SharedCorpus.corpus + CorpusFormattingTests.fluentUI)
        Self.checkAgreement(catalog, preferences: [["ar-EG"], ["fr-CA"], ["pt-BR", "en"]])
    }
}

/// The hot path's lock-free cache: what is stored is found from any thread, and it never holds
/// more than its byte budget, however many distinct keys callers send.
struct ConcurrentByteCacheTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    static func key(_ number: Int, length: Int) -> [UInt8] {
        var bytes = Array("\(number):".utf8)
        while bytes.count < length { bytes.append(UInt8(ascii: "x")) }
        return bytes
    }

    @Test func storesFindsAndKeepsTheFirstValue() {
        let cache = ConcurrentByteCache(slotCount: 64, byteBudget: 1 << 20)
        for number in 0..<40 {
            let key = Self.key(number, length: 10)
            key.withUnsafeBytes { bytes in
                #expect(cache.find(bytes, hash: cache.hash(bytes)) == nil)
                let stored = cache.insert(bytes, hash: cache.hash(bytes), value: Box(number), cost: 0)
                #expect(stored.map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().value } == number)
                // A second insert of the same key keeps the first value.
                let again = cache.insert(bytes, hash: cache.hash(bytes), value: Box(-1), cost: 0)
                #expect(again.map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().value } == number)
            }
        }
        // Slots are filled at most three quarters: 64 slots take 48 keys, no more.
        var refused = 0
        for number in 40..<100 {
            Self.key(number, length: 10).withUnsafeBytes { bytes in
                if cache.insert(bytes, hash: cache.hash(bytes), value: Box(number), cost: 0) == nil { refused += 1 }
            }
        }
        #expect(refused == 100 - 48)
        for number in 0..<40 {
            Self.key(number, length: 10).withUnsafeBytes { bytes in
                #expect(cache.find(bytes, hash: cache.hash(bytes)).map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().value } == number)
            }
        }
    }

    /// A cache large enough to map its slots (4,096 of them, 32 KiB) fills them to three
    /// quarters like any other: every key stored is found, the rest are refused.
    @Test func mappedSlotsKeepEveryKeyUpToTheirBound() {
        let cache = ConcurrentByteCache(slotCount: 4_096, byteBudget: 1 << 20)
        var stored = 0
        for number in 0..<4_000 {
            Self.key(number, length: 12).withUnsafeBytes { bytes in
                if cache.insert(bytes, hash: cache.hash(bytes), value: Box(number), cost: 0) != nil { stored += 1 }
            }
        }
        #expect(stored == 3_072)
        for number in 0..<4_000 {
            Self.key(number, length: 12).withUnsafeBytes { bytes in
                let found = cache.find(bytes, hash: cache.hash(bytes)).map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().value }
                #expect(found == (number < 3_072 ? number : nil), "\(number)")
            }
        }
    }

    /// Two threads may insert the same object under one key (both found it elsewhere, then
    /// missed here): the cache keeps one reference, however many inserts there were, and
    /// gives it up when it goes.
    @Test func insertingOneObjectTwiceKeepsOneReference() {
        var object = Box(7)
        var cache: ConcurrentByteCache? = ConcurrentByteCache(slotCount: 64, byteBudget: 1 << 20)
        Self.key(1, length: 10).withUnsafeBytes { bytes in
            for _ in 0..<3 { _ = cache?.insert(bytes, hash: KeyedHash.hash(bytes, secrets: KeyedHash.secrets), value: object, cost: 0) }
        }
        #expect(!isKnownUniquelyReferenced(&object))
        cache = nil
        #expect(isKnownUniquelyReferenced(&object))
    }

    @Test func boundedInBytesNotEntries() {
        let budget = 64 << 10
        let cache = ConcurrentByteCache(slotCount: 1 << 16, byteBudget: budget)
        // One key larger than the whole budget is never kept.
        let huge = [UInt8](repeating: 0x61, count: 1 << 20)
        huge.withUnsafeBytes { bytes in
            #expect(cache.insert(bytes, hash: cache.hash(bytes), value: Box(0), cost: 0) == nil)
        }
        // 1 KB keys: at most budget / (1 KB + header) of them, then nothing more.
        var stored = 0
        for number in 0..<10_000 {
            Self.key(number, length: 1_024).withUnsafeBytes { bytes in
                if cache.insert(bytes, hash: cache.hash(bytes), value: Box(number), cost: 0) != nil { stored += 1 }
            }
        }
        #expect(stored > 0)
        #expect(stored <= budget / 1_024)
        // What a value says it costs counts too.
        let costly = ConcurrentByteCache(slotCount: 1 << 10, byteBudget: budget)
        var kept = 0
        for number in 0..<1_000 {
            Self.key(number, length: 8).withUnsafeBytes { bytes in
                if costly.insert(bytes, hash: costly.hash(bytes), value: Box(number), cost: 4_096) != nil { kept += 1 }
            }
        }
        // Each entry: its 40-byte header, its 8-byte key and what its value costs.
        #expect(kept == budget / (4_096 + 40 + 8))
    }

    /// The values a cache owns are released with it (it walks its entries, not its slots), and a
    /// cache that was never filled holds nothing to release.
    @Test func valuesAreReleasedWithTheCache() {
        weak var first: Box?
        weak var last: Box?
        do {
            let cache = ConcurrentByteCache(slotCount: 1 << 10, byteBudget: 1 << 20)
            for number in 0..<100 {
                let box = Box(number)
                if number == 0 { first = box }
                if number == 99 { last = box }
                Self.key(number, length: 12).withUnsafeBytes { bytes in
                    _ = cache.insert(bytes, hash: cache.hash(bytes), value: box, cost: 0)
                }
            }
            #expect(first != nil && last != nil)
            let empty = ConcurrentByteCache(slotCount: 1 << 10, byteBudget: 1 << 20)
            Self.key(1, length: 12).withUnsafeBytes { bytes in
                #expect(empty.find(bytes, hash: empty.hash(bytes)) == nil)
            }
        }
        #expect(first == nil && last == nil)
    }

    @Test func readersOnOtherThreadsSeeWhatWasStored() async {
        let cache = ConcurrentByteCache(slotCount: 4_096, byteBudget: 1 << 20)
        await withTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var found = 0
                    for number in 0..<500 {
                        let key = Self.key(number, length: 16)
                        key.withUnsafeBytes { bytes in
                            let hash = cache.hash(bytes)
                            let value = cache.find(bytes, hash: hash)
                                ?? cache.insert(bytes, hash: hash, value: Box(number), cost: 0)
                            if value.map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue().value } == number { found += 1 }
                        }
                    }
                    _ = worker
                    return found
                }
            }
            for await found in group { #expect(found == 500) }
        }
    }
}

/// The negotiated-stack and layers caches behind the slow path are bounded in bytes as well as
/// entries: long preference lists cannot make the catalog keep megabytes per list.
struct LookupStackCacheBoundsTests {
    @Test func longPreferenceListsAreNotKeptWithoutBound() throws {
        let catalog = try TestSupport.catalog([("en", #""a" = "A";"#), ("fr", #""a" = "B";"#)])
        let bounds = catalog.stackCache.bounds
        // A list longer than the largest kept is answered, and never kept.
        let huge = ["fr"] + [String](repeating: "de-DE-1996", count: bounds.largestKept / 10 + 1)
        #expect(catalog.resolve("a", preferences: huge).hit?.value == "B")
        #expect(catalog.stackCache.kept.stacks == 0)
        #expect(catalog.stackCache.kept.layers == 0)
        // Lists of 40 KB each: however many there are, at most the byte budget is kept.
        for number in 0..<60 {
            let list = ["fr", "x-\(number)"] + [String](repeating: "es-419", count: 40 << 10 / 6)
            #expect(catalog.resolve("a", preferences: list).hit?.value == "B")
            let kept = catalog.stackCache.kept
            #expect(kept.stackBytes <= bounds.bytes)
            #expect(kept.layerBytes <= bounds.bytes)
            #expect(kept.stacks <= bounds.entries)
        }
    }
}
