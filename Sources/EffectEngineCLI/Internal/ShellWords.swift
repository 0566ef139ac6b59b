/// Words as a shell reads them, for the commands and options a transcript names: a word
/// is quoted when it holds anything but plain characters, and read back as it was.
///
/// ```swift
/// ShellWords.quoted("a b")                  // "'a b'"
/// ShellWords.split("--speech 'a b' --x")    // ["--speech", "a b", "--x"]
/// ```
enum ShellWords {
    /// `word` as a shell reads it: quoted when it holds anything but plain characters.
    static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-_./=:@%+,".unicodeScalars.contains(scalar)
        }
        guard !plain || word.isEmpty else { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
            + "'"
    }

    /// The words of `text`, split at white space outside quotes; single quotes keep
    /// everything inside them, a backslash outside them keeps the next character.
    static func split(_ text: some StringProtocol) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case "'":
                inWord = true
                while let quoted = characters.next(), quoted != "'" { word.append(quoted) }
            case "\\":
                inWord = true
                if let next = characters.next() { word.append(next) }
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
