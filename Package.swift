// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Tactile",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Tactile", targets: ["Tactile"]),
        .library(name: "TactileJSON", targets: ["TactileJSON"]),
        .library(name: "TactileLibinputRecord", targets: ["TactileLibinputRecord"]),
        .library(name: "TactileLinux", targets: ["TactileLinux"]),
        .library(name: "TactileBindings", targets: ["TactileBindings"]),
        .library(name: "TactileBindingsLinux", targets: ["TactileBindingsLinux"]),
        .library(name: "TactileTesting", targets: ["TactileTesting"]),
        .library(name: "TactilePictures", targets: ["TactilePictures"]),
        .executable(name: "tactile", targets: ["tactile"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` (make docs): the DocC catalog in
        // Sources/Tactile/Tactile.docc. A plugin only: nothing of it is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Pure Swift: event model, codecs, assembly, recognizers. No C module, no system
        // library (tools/check-pure-core enforces it).
        .target(name: "Tactile", dependencies: ["TactileJSON"]),
        // JSON read and written fast: the pull scanner, the output buffer, the shortest
        // digits of a Double and generic values. Pure Swift, no Tactile type.
        .target(name: "TactileJSON"),
        // Reading YAML as Tactile reads every YAML file (errors with file, line and column),
        // apart from the core because Yams carries a C parser.
        .target(name: "TactileYAML", dependencies: ["Tactile", .product(name: "Yams", package: "Yams")]),
        // `libinput record` YAML.
        .target(
            name: "TactileLibinputRecord",
            dependencies: ["Tactile", "TactileYAML", .product(name: "Yams", package: "Yams")]
        ),
        // `tactile bind`'s configuration (YAML) and the pure binder from lines to commands.
        .target(
            name: "TactileBindings",
            dependencies: ["Tactile", "TactileJSON", "TactileYAML", .product(name: "Yams", package: "Yams")]
        ),
        // Testing with Tactile: comparing output lines within tolerances (`tactile check`),
        // gestures written as scripts (`tactile synth`), replaying them into code under test.
        // Pure Swift, for Swift Testing and XCTest alike.
        .target(name: "TactileTesting", dependencies: ["Tactile", "TactileJSON", "TactileYAML", .product(name: "Yams", package: "Yams")]),
        // Pictures of a recording and its gestures: the scene, the SVG plot and the HTML
        // player (`tactile plot`, `tactile view`). Pure Swift.
        .target(name: "TactilePictures", dependencies: ["Tactile", "TactileJSON"]),
        .systemLibrary(
            name: "CLibevdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .systemLibrary(
            name: "CLibinput",
            pkgConfig: "libinput",
            providers: [.apt(["libinput-dev"])]
        ),
        // sd-bus (libsystemd): the D-Bus interface `tactile serve` answers on.
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // signalfd and eventfd, which Glibc's module leaves out (headers only).
        .systemLibrary(name: "CLinux"),
        .target(name: "TactileLinux", dependencies: ["Tactile", "TactileJSON", "CLibevdev", "CLibinput", "CLinux", "CSystemd"]),
        // Bindings acted on a running system: their actions run as commands or written to
        // the virtual input, the desktop's focus followed, the live binding session.
        .target(name: "TactileBindingsLinux", dependencies: ["Tactile", "TactileBindings", "TactileLinux"]),
        .executableTarget(
            name: "tactile",
            dependencies: [
                "Tactile", "TactileJSON", "TactileLibinputRecord", "TactileLinux", "TactileBindings", "TactileBindingsLinux", "TactileTesting", "TactilePictures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The motion physics behind the orientation traces, and the tool that writes them and
        // measures the filter (tools/, not shipped).
        .target(name: "TactileSimulation", dependencies: ["Tactile", "TactileTesting"], path: "tools/TactileSimulation"),
        .executableTarget(
            name: "orientation-lab",
            dependencies: ["Tactile", "TactileSimulation"],
            path: "tools/orientation-lab"
        ),
        // What the test targets share: running a program (the built tactile, a browser, a
        // script) and reading what it said.
        .target(name: "TestSupport", dependencies: ["Tactile", "TactileLibinputRecord"], path: "Tests/TestSupport"),
        .testTarget(
            name: "TactileTests",
            dependencies: ["Tactile", "TactileJSON", "TactileLibinputRecord", "TactileSimulation", "TactileTesting", "TestSupport"]
        ),
        .testTarget(name: "TactileBindingsTests", dependencies: ["Tactile", "TactileBindings", "TactileTesting", "TestSupport"]),
        .testTarget(name: "TactileYAMLTests", dependencies: ["Tactile", "TactileYAML", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "TactileLibinputRecordTests", dependencies: ["Tactile", "TactileLibinputRecord", "TestSupport"]),
        .testTarget(name: "tactileTests", dependencies: ["Tactile", "TactileJSON", "TestSupport"]),
        .testTarget(name: "TactileLinuxTests", dependencies: ["Tactile", "TactileJSON", "TactileLinux", "TestSupport"]),
        .testTarget(name: "TactileTestingTests", dependencies: ["Tactile", "TactileTesting"]),
        // (Tactile for the line reader's slack, TactileTesting for seeded random numbers.)
        .testTarget(name: "TactileJSONTests", dependencies: ["TactileJSON", "Tactile", "TactileTesting"]),
        .testTarget(name: "TactilePicturesTests", dependencies: ["Tactile", "TactilePictures", "TestSupport"]),
        .testTarget(name: "TactileBindingsLinuxTests", dependencies: ["Tactile", "TactileBindings", "TactileBindingsLinux"]),
    ]
)
