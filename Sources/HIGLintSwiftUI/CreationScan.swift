import SwiftParser
import SwiftSyntax

/// Where one file creates the types it calls, read from its bytes without a parse: the survey reads every file of a
/// run, and parsing them all a second time would double the cost of a run. What it needs is little: the types the
/// file declares, its static members, and each call of a capitalised name (`SettingsView(…)`, `Row { … }`,
/// `Badge.init`, a static member `Badge.make(…)`) with the type
/// it sits in, the `#if` platforms around it and whether it is in a `#Preview`. `ModuleReach` makes the module's
/// facts of them.
///
/// Comments, string literals (with their interpolations) and directives are skipped as the lexer skips them; a
/// construct this scanner misreads can only add or drop a creation site, and `ModuleReach` narrows a type only
/// from sites it saw, never from a site it missed.
public struct CreationScan: Sendable, Equatable {
    /// How a declared type is created by the system rather than by the module's code.
    public enum Role: UInt8, Sendable {
        case plain = 0
        /// A `PreviewProvider`: Xcode's canvas creates it; nothing it makes ships.
        case preview = 1
        /// A `Widget` or `WidgetBundle`: WidgetKit creates it, and shows what it makes as snapshots.
        case widget = 2
        /// The app's entry point (`@main`): the system creates it, and what it creates ships, whatever tests
        /// that name it (`App.objects`) do.
        case entry = 3
    }

    public struct Declared: Hashable, Sendable {
        public var name: String
        /// `public` or `open`: code outside the linted files may create it.
        public var isPublic: Bool
        public var role: Role
        /// `View` is among what it conforms to, as written in its declaration.
        public var isView = false
    }

    public struct Site: Hashable, Sendable {
        public var created: String
        /// The innermost type or extension the call sits in; `nil` at file level.
        public var creator: String?
        /// The platforms of the `#if` clauses around the call.
        public var platforms: Platforms
        /// In a `#Preview` or a `PreviewProvider`, or in code only debug or simulator builds hold: it does not ship.
        public var inPreview: Bool
        /// In the content of an `ImageRenderer(content:)`: what it makes is drawn into an image, never shown as
        /// text or controls.
        public var asImage = false
        /// The member of `creator` the call sits in (`header` of `var header: some View { … }`), when it is one
        /// that `members` lists, or a static member: code nothing calls makes nothing, and code in a static member
        /// runs where its callers do.
        public var member: String? = nil
        /// For `Badge.make(…)`, `Badge.formatter`: the member named after the type (never `init` or `self`, which
        /// create it). It creates the type only if that member does (`StaticMember`).
        public var via: String? = nil
    }

    /// A `static` or `class` member: whether its declaration names its own type, `Self` or an `.init` (`static
    /// func make() -> Badge`, `static let shared = Self()`), as one that creates the type does. A call of a static
    /// member that names none of them (`Badge.formatter`, `Badge.image(for:)`) does not create the type.
    public struct StaticMember: Hashable, Sendable {
        public var type: String
        public var name: String
        public var createsType: Bool
    }

    /// A member of a type or extension that only code it can see calls: `private`, or in a view or an extension
    /// that conforms to nothing (no framework calls it by a protocol's requirement), and not an `override`,
    /// `@objc` or `@IB…` member. If nothing names it, nothing calls it (`MemberUse`).
    public struct Member: Hashable, Sendable {
        public enum Access: UInt8, Sendable {
            /// Only the module names it.
            case `internal` = 0
            /// `private` or `fileprivate`: only its own file names it.
            case `private` = 1
            /// `public` or `open`, or in a public extension: other modules may name it.
            case `public` = 2
        }

        public var type: String
        public var name: String
        public var access: Access
        /// The lowercase names its own code mentions: they are used only if it is.
        public var mentions: Set<UInt32>

        public var isPrivate: Bool { access == .private }
    }

    public var declared: [Declared] = []
    public var sites: Set<Site> = []
    /// Members that only the module's code can call, with what each mentions.
    public var members: [Member] = []
    /// The static members the file declares.
    public var statics: [StaticMember] = []
    /// Lowercase names mentioned (hashed, `MemberUse.hash`) outside those members and outside their declarations.
    public var mentions: Set<UInt32> = []

    public init() {}

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var scanner = CreationScanner(bytes: bytes)
        scanner.run()
        declared = scanner.declared
        sites = scanner.sites
        members = scanner.members
        statics = scanner.statics
        mentions = scanner.mentions
    }

    public init(source: String) {
        var text = source
        self = text.withUTF8 { CreationScan($0) }
    }

    // MARK: Text form, for the survey's cache records

    /// `d` entries (`name`, flags), `s` entries (`created`, `creator`, platforms, preview (1) and image (2) flags, member,
    /// via), `c` entries (type, member, private, its mentions), `t` entries (type, static member, creates the type)
    /// and one `m` entry (the other mentions), `|`-separated; names are
    /// identifiers and hold neither separator, mentions are hexadecimal hashes separated by `,`.
    public var encoded: String {
        let types = declared.map { "d:\($0.name):\($0.isPublic ? 1 : 0)\($0.role.rawValue)\($0.isView ? 1 : 0)" }
        let calls = sites.map {
            "s:\($0.created):\($0.creator ?? ""):\($0.platforms.rawValue):\(($0.inPreview ? 1 : 0) | ($0.asImage ? 2 : 0)):\($0.member ?? ""):\($0.via ?? "")"
        }.sorted()
        let callables = members.map { "c:\($0.type):\($0.name):\($0.access.rawValue):\(Self.encode($0.mentions))" }
        let statics = statics.map { "t:\($0.type):\($0.name):\($0.createsType ? 1 : 0)" }
        return (types + calls + callables + statics + ["m:" + Self.encode(mentions)]).joined(separator: "|")
    }

    private static func encode(_ hashes: Set<UInt32>) -> String {
        hashes.sorted().map { String($0, radix: 16) }.joined(separator: ",")
    }

    /// Comma-separated hexadecimal hashes. A warm run decodes every file's record, so this reads bytes.
    private static func decode(_ bytes: Substring.UTF8View.SubSequence) -> Set<UInt32>? {
        var hashes = Set<UInt32>(minimumCapacity: bytes.count / 8)
        var value: UInt32 = 0, digits = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: ","):
                guard digits > 0 else { return nil }
                hashes.insert(value)
                value = 0
                digits = 0
                continue
            default: return nil
            }
            digits += 1
            guard digits <= 8 else { return nil }
        }
        if digits > 0 { hashes.insert(value) }
        return hashes
    }

    public init?(encoded: some StringProtocol) {
        let text = Substring(encoded)
        func string(_ field: Substring.UTF8View.SubSequence) -> String { String(Substring(field)) }
        for entry in text.utf8.split(separator: UInt8(ascii: "|")) {
            let fields = entry.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard fields[0].count == 1 else { return nil }
            switch fields[0].first {
            case UInt8(ascii: "d") where fields.count == 3 && fields[2].count == 3:
                let flags = Array(fields[2])
                guard let role = Role(rawValue: flags[1] &- UInt8(ascii: "0")) else { return nil }
                declared.append(Declared(name: string(fields[1]), isPublic: flags[0] == UInt8(ascii: "1"), role: role,
                                         isView: flags[2] == UInt8(ascii: "1")))
            case UInt8(ascii: "s") where fields.count == 7:
                guard let platforms = UInt8(string(fields[3])) else { return nil }
                let flags = (fields[4].first ?? UInt8(ascii: "0")) &- UInt8(ascii: "0")
                sites.insert(Site(created: string(fields[1]), creator: fields[2].isEmpty ? nil : string(fields[2]),
                                  platforms: Platforms(rawValue: platforms), inPreview: flags & 1 != 0, asImage: flags & 2 != 0,
                                  member: fields[5].isEmpty ? nil : string(fields[5]),
                                  via: fields[6].isEmpty ? nil : string(fields[6])))
            case UInt8(ascii: "c") where fields.count == 5:
                guard let hashes = Self.decode(fields[4]), fields[3].count == 1,
                      let access = Member.Access(rawValue: fields[3].first! &- UInt8(ascii: "0"))
                else { return nil }
                members.append(Member(type: string(fields[1]), name: string(fields[2]), access: access, mentions: hashes))
            case UInt8(ascii: "t") where fields.count == 4:
                statics.append(StaticMember(type: string(fields[1]), name: string(fields[2]),
                                            createsType: fields[3].first == UInt8(ascii: "1")))
            case UInt8(ascii: "m") where fields.count == 2:
                guard let hashes = Self.decode(fields[1]) else { return nil }
                mentions = hashes
            default:
                return nil
            }
        }
    }
}
