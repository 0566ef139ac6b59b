import EffectEngineShared
import Foundation
import TestSupport
import Testing

/// Paths taken apart by the project's own code, for every shape a user may type.
@Suite struct PathNameTests {
    @Test(arguments: [
        ("a", ".", "a"), ("é", ".", "é"), ("", ".", ""), (".", ".", "."), ("..", ".", ".."),
        ("/", "/", ""), ("//", "/", ""), ("/a", "/", "a"), ("a/b", "a", "b"), ("a//b", "a", "b"),
        ("a/b/", "a", "b"), ("./a", ".", "a"), ("../a", "..", "a"), ("/x/y/z.json", "/x/y", "z.json"),
        ("a//", ".", "a"),
    ])
    func directoryAndName(path: String, directory: String, name: String) {
        #expect(PathName.directory(of: path) == directory)
        #expect(PathName.lastComponent(of: path) == name)
    }

    @Test func aTrailingSlashNamesADirectory() {
        #expect(PathName.namesDirectory("a/"))
        #expect(PathName.namesDirectory("/"))
        #expect(!PathName.namesDirectory("a"))
        #expect(!PathName.namesDirectory(""))
    }

    /// Generated paths of slashes, dots and letters: the directory is a prefix of the path
    /// (or `.`), and nothing traps.
    @Test func generatedPathsNeverTrap() {
        let alphabet: [Character] = ["/", ".", "a", "é", " "]
        var generator = SplitMix64(seed: 40)
        for _ in 0..<2_000 {
            let path = String(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
            let directory = PathName.directory(of: path)
            #expect(directory == "." || directory == "/" || path.hasPrefix(directory), "\(path)")
            #expect(!PathName.lastComponent(of: path).contains("/"), "\(path)")
        }
    }
}
