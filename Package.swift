// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "EffectEngine",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "EffectEngine", targets: ["EffectEngine"]),
        .library(name: "EffectEngineTesting", targets: ["EffectEngineTesting"]),
        .library(name: "EffectEngineCLI", targets: ["EffectEngineCLI"]),
        .library(name: "EffectEnginePersistence", targets: ["EffectEnginePersistence"]),
        .library(name: "EffectEngineJournal", targets: ["EffectEngineJournal"]),
        .library(name: "EffectEngineExploration", targets: ["EffectEngineExploration"]),
    ],
    targets: [
        .target(name: "EffectEngine", dependencies: ["EffectEngineShared"]),
        // The core's own tests include its exploration by the project's explorer.
        .testTarget(
            name: "EffectEngineTests",
            dependencies: ["EffectEngine", "EffectEngineShared", "EffectEngineExploration", "TestSupport"]),
        // What several modules share and users never call (no product): the lock, the
        // executor and sleepers of driven hosts, reading and diffing values, the pages' parts.
        .target(name: "EffectEngineShared"),
        .testTarget(name: "EffectEngineSharedTests", dependencies: ["EffectEngineShared", "TestSupport"]),
        // What several test targets share: bounded waits and a seeded generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // TLA+'s TwoPhase written as a feature, once, for the explorer's tests and benchmarks.
        .target(name: "ExplorationModels", dependencies: ["EffectEngine"], path: "Tests/ExplorationModels"),
        .executableTarget(
            name: "EffectEngineBenchmarks",
            dependencies: [
                "EffectEngine", "EffectEngineShared", "EffectEngineCLI", "EffectEnginePersistence",
                "EffectEngineExploration", "EffectEngineJournal", "ExplorationModels",
            ],
            path: "Benchmarks"),
        // A test host runs where its test runs (H3): the module's async functions run on
        // their caller's actor (SE-0461), the main actor for a `@MainActor` test, none for
        // another, so a test host never crosses actors to be driven.
        .target(
            name: "EffectEngineTesting", dependencies: ["EffectEngine", "EffectEngineShared", "EffectEngineJournal"],
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .testTarget(
            name: "EffectEngineTestingTests",
            dependencies: ["EffectEngineTesting", "EffectEngineShared", "EffectEngineJournal", "TestSupport"]),
        .target(
            name: "EffectEngineCLI",
            dependencies: [
                "EffectEngine", "EffectEngineShared", "EffectEnginePersistence", "EffectEngineJournal",
                "EffectEngineExploration",
            ]),
        .testTarget(
            name: "EffectEngineCLITests",
            dependencies: ["EffectEngineCLI", "EffectEngineShared", "EffectEngineExploration", "TestSupport"]),
        .target(name: "EffectEnginePersistence", dependencies: ["EffectEngine", "EffectEngineShared"]),
        .target(name: "EffectEngineJournal", dependencies: ["EffectEngine", "EffectEngineShared"]),
        .testTarget(name: "EffectEngineJournalTests", dependencies: ["EffectEngineJournal", "TestSupport"]),
        .testTarget(
            name: "EffectEnginePersistenceTests",
            dependencies: ["EffectEnginePersistence", "PersistenceStress", "TestSupport"]),
        .executableTarget(
            name: "PersistenceStress", dependencies: ["EffectEnginePersistence"], path: "Tests/PersistenceStress"),
        .target(name: "EffectEngineExploration", dependencies: ["EffectEngine", "EffectEngineShared"]),
        .testTarget(
            name: "EffectEngineExplorationTests",
            dependencies: ["EffectEngineExploration", "EffectEngineTesting", "TestSupport", "ExplorationModels"]),
        // The examples are executable targets, not products: `swift run counter` builds one in
        // this package (SwiftPM gives a root package's executable targets products of their own
        // names), and a client that depends on this package never builds them nor sees their
        // names, so its own `todos` is the one `swift run todos` runs there.
        .executableTarget(
            name: "counter", dependencies: ["EffectEngine", "EffectEngineCLI", "EffectEngineExploration"],
            path: "Examples/Counter", exclude: ["counter.transcript"]),
        .executableTarget(
            name: "search", dependencies: ["EffectEngine", "EffectEngineCLI", "EffectEngineExploration"],
            path: "Examples/Search", exclude: ["search.transcript"]),
        .executableTarget(
            name: "movies", dependencies: ["EffectEngine", "EffectEngineCLI", "EffectEngineExploration"],
            path: "Examples/Movies", exclude: ["movies.transcript"]),
        .executableTarget(
            name: "downloads", dependencies: ["EffectEngine", "EffectEngineCLI"], path: "Examples/Downloads"),
        .executableTarget(
            name: "todos", dependencies: ["EffectEngine", "EffectEngineCLI", "EffectEngineExploration"],
            path: "Examples/Todos", exclude: ["todos.transcript"]),
        .executableTarget(
            name: "weather", dependencies: ["EffectEngine", "EffectEngineCLI", "EffectEngineExploration"],
            path: "Examples/Weather", exclude: ["weather.transcript"]),
        .executableTarget(
            name: "syncups", dependencies: ["EffectEngine", "EffectEngineCLI", "EffectEngineExploration"],
            path: "Examples/SyncUps", exclude: ["syncups.transcript"]),
        .executableTarget(
            name: "voicememos", dependencies: ["EffectEngine", "EffectEngineCLI"], path: "Examples/VoiceMemos"),
        .executableTarget(
            name: "sessions", dependencies: ["EffectEngine", "EffectEngineCLI"], path: "Examples/Sessions",
            exclude: ["sessions.transcript"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "counter", "search", "movies", "downloads", "todos",
                "weather", "syncups", "voicememos", "sessions", "EffectEngineTesting", "EffectEngineShared", "EffectEngineExploration",
                "EffectEngineJournal", "TestSupport",
            ],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
