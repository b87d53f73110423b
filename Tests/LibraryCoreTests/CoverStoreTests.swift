import Fixtures
import Foundation
import Testing
@testable import LibraryCore
import TestSupport

@Suite("Cover cache")
struct CoverStoreTests {
    static func store(_ folders: TestFolders, client: HTTPClient = HTTPClient()) -> CoverStore {
        CoverStore(directory: folders.locations.coverDirectory, client: client)
    }

    @Test("a cover is downloaded once; after a relaunch it comes from disk with no request at all")
    func servedFromDisk() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let address = server.url("/cover/bowie")

        let first = try await Self.store(folders).cover(for: address).get()
        #expect(try server.requestCount("/cover/bowie") == 1)

        // A new store has an empty memory cache: only the disk can answer.
        let second = try await Self.store(folders).cover(for: address).get()
        #expect(second == first)
        #expect(try server.stats().total == 1)
    }

    @Test("20 concurrent requests for one cover make one download")
    func concurrentRequestsShareOneDownload() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let store = Self.store(folders)
        let address = server.url("/slow-cover/shared")
        let results = await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<20 {
                group.addTask { try? await store.cover(for: address).get() }
            }
            return await group.reduce(into: [Data?]()) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(Set(results).count == 1)
        #expect(results.first??.isEmpty == false)
        #expect(try server.stats().total == 1)
    }

    @Test("the cache file is named by the SHA-256 of the address, inside the covers folder")
    func cacheFileNames() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let store = Self.store(folders)
        // Two addresses with the same last component, one of them climbing with "..".
        let addresses = [server.url("/cover/a/../x.png"), server.url("/cover/b/x.png")]
        for address in addresses {
            _ = try await store.cover(for: address).get()
        }
        let expected = addresses.map { Checksum.sha256Hex(of: $0) }.sorted()
        #expect(folders.files(in: folders.locations.coverDirectory) == expected)
        #expect(Checksum.sha256Hex(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("a failed download is an error value and nothing is cached")
    func failure() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let store = Self.store(folders)
        #expect(await store.cover(for: server.url("/status/404")) == .failure(.download(.status(404))))
        #expect(await store.cover(for: server.url("/text")) == .failure(.notAnImage))
        #expect(folders.files(in: folders.locations.coverDirectory).isEmpty)
        // A failure is not remembered: the next request tries again.
        _ = await store.cover(for: server.url("/status/404"))
        #expect(try server.requestCount("/status/404") == 2)
    }

    @Test("the memory cache keeps the most recently used covers within its limit")
    func lruEviction() {
        var cache = LRUCache<String, Int>(costLimit: 3)
        cache.insert(1, forKey: "a", cost: 1)
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)
        _ = cache.value(forKey: "a")
        cache.insert(4, forKey: "d", cost: 1)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "a") == 1)
        #expect(cache.totalCost == 3)
        cache.insert(5, forKey: "huge", cost: 10)
        #expect(cache.value(forKey: "huge") == nil)
        #expect(cache.count == 3)
    }
}

@MainActor
@Suite("Covers through LibraryAPI")
struct LibraryCoverTests {
    @Test("a cover request is answered, the second one from memory; a failed one is a failure; library observers hear of neither")
    func answered() async throws {
        let server = try CoverServer()
        let folders = TestFolders()
        let library = LibraryAPI(locations: folders.locations)
        let log = EventLog(library)

        let loaded = server.url("/cover/ok")
        let data = try await library.cover(for: loaded).get()
        let requests = try server.stats().total
        #expect(await library.cover(for: loaded) == .success(data))
        #expect(try server.stats().total == requests, "the second answer came from memory")

        let missing = server.url("/status/404")
        #expect(await library.cover(for: missing) == .failure(.download(.status(404))))
        #expect(log.events.isEmpty, "covers reach views by await, not through the library's events")
    }
}
