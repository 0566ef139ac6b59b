// Saves a state file as fast as it can, for the crash-safety test that kills this
// process at random moments: `PersistenceStress FILE`. Each state holds a number and a
// payload derived from it, so a torn file shows as a decoding error or a payload that
// does not match its number. After each save the number is written to standard output.
import EffectEnginePersistence
import Foundation

struct Sample: Codable, Sendable, Equatable {
    var number: Int
    var payload: [Int]

    init(number: Int) {
        self.number = number
        self.payload = Array(repeating: number, count: 16_384)
    }

    var isWhole: Bool { payload.count == 16_384 && payload.allSatisfy { $0 == number } }
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: PersistenceStress FILE\n".utf8))
    exit(64)
}
let file = StateFile<Sample>(path: CommandLine.arguments[1])
var number = (try? file.load())?.number ?? 0
while true {
    number += 1
    do {
        try file.save(Sample(number: number))
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("\(number)\n".utf8))
}
