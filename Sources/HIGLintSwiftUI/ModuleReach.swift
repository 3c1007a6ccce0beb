/// Where a view type's code can run, from where the module creates it: the platforms, whether anything that ships
/// creates it, and whether anything outside a widget does.
public struct Reach: Hashable, Sendable {
    public var platforms: Platforms
    /// Code that ships creates it: not only previews, preview providers, test and screenshot targets.
    public var ships: Bool
    /// Code other than a widget creates it.
    public var outsideWidgets: Bool
    /// Something shows it on a screen: not only `ImageRenderer(content:)`, which draws it into an image, where
    /// its text and controls are pixels (RULES.md, *Reaches a screen*).
    public var onScreen: Bool

    public init(platforms: Platforms, ships: Bool = true, outsideWidgets: Bool = true, onScreen: Bool = true) {
        self.platforms = platforms
        self.ships = ships
        self.outsideWidgets = outsideWidgets
        self.onScreen = onScreen
    }

    static let nowhere = Reach(platforms: [], ships: false, outsideWidgets: false, onScreen: false)

    func union(_ other: Reach) -> Reach {
        Reach(platforms: platforms.union(other.platforms), ships: ships || other.ships,
              outsideWidgets: outsideWidgets || other.outsideWidgets, onScreen: onScreen || other.onScreen)
    }

    func intersection(_ other: Reach) -> Reach {
        Reach(platforms: platforms.intersection(other.platforms), ships: ships && other.ships,
              outsideWidgets: outsideWidgets && other.outsideWidgets, onScreen: onScreen && other.onScreen)
    }
}

/// The module fact RULES.md calls "a view type the module creates only under `#if os(macOS)` is macOS code", and
/// "views only previews use" do not ship: for each type the module declares, the union of the places that create
/// it. A type created only inside a macOS-only view, only by previews or only by widgets takes that reach, and so
/// does what it creates in turn.
///
/// It narrows, never widens: a type nobody creates in the linted files (the `App`, a view made by a framework),
/// a `public` type (other modules may create it; not so in a local package of an app the run holds, whose types
/// are the app's), or one whose every site is unknown keeps the reach of the files that declare it. Rules ask it through `RuleContext.applies(at:)`.
public struct ModuleReach: Sendable, Equatable {
    /// Only the types whose reach is narrower than their declaring files', and (as `Type.member`) the static members
    /// that do not create their type whose reach differs from it.
    public private(set) var narrowed: [String: Reach] = [:]
    /// Members nothing calls (`MemberUse`), as `Type.member`: their code does not ship.
    public private(set) var unusedMembers: Set<String> = []

    /// Nothing narrowed, no member unused.
    public var isEmpty: Bool { narrowed.isEmpty && unusedMembers.isEmpty }

    public init() {}

    /// One file's creations and where its code runs (its platforms, whether it ships).
    public struct FileCreations: Sendable {
        public var scan: CreationScan
        public var context: Reach
        /// The run holds every file of the file's module: what only previews create there is created by nothing else.
        public var moduleIsWhole: Bool
        /// The module is a project's, and the run holds it whole: a view type the run never creates is dead code.
        public var deadCodeIsKnown: Bool
        /// The file is in a local package of an app the run holds: its `public` types are the app's, created (if
        /// at all) by the linted files, and judged as internal ones are.
        public var publicIsInternal: Bool

        public init(scan: CreationScan, context: Reach, moduleIsWhole: Bool = false, deadCodeIsKnown: Bool = false,
                    publicIsInternal: Bool = false) {
            self.scan = scan
            self.context = context
            self.moduleIsWhole = moduleIsWhole
            self.deadCodeIsKnown = deadCodeIsKnown && moduleIsWhole
            self.publicIsInternal = publicIsInternal && self.deadCodeIsKnown
        }
    }

    /// Passes over the sites until no reach grows; reach only grows, within five platforms and two flags per type.
    /// Past 64 passes it gives up and narrows nothing.
    public init(files: [FileCreations]) {
        unusedMembers = MemberUse.unused(in: files)
        let unusedMembers = self.unusedMembers
        func inUnusedMember(_ site: CreationScan.Site) -> Bool {
            guard !unusedMembers.isEmpty, let member = site.member, let creator = site.creator else { return false }
            return unusedMembers.contains("\(creator).\(member)")
        }
        // `Badge.formatter`, `Badge.image(for:)`: a static member that names neither `Badge`, `Self` nor `.init` does
        // not create a `Badge`; its callers reach the member's code (as `Badge.formatter`), not the type. One that
        // may create it, or one the files do not declare, is a way to a `Badge` as far as reach can tell.
        var creating: Set<String> = [], notCreating: Set<String> = []
        for file in files {
            for member in file.scan.statics {
                if member.createsType { creating.insert("\(member.type).\(member.name)") } else { notCreating.insert("\(member.type).\(member.name)") }
            }
        }
        notCreating.subtract(creating)
        /// The static member a site calls, as `Type.member`, when that member does not create the type.
        func staticCall(_ site: CreationScan.Site) -> String? {
            guard let via = site.via, !notCreating.isEmpty else { return nil }
            let key = "\(site.created).\(via)"
            return notCreating.contains(key) ? key : nil
        }
        var declaredReach: [String: Reach] = [:]
        var neverNarrowed: Set<String> = []
        var unusedCandidates: [String: Bool] = [:]
        var wholeModule: [String: Bool] = [:]
        for file in files {
            for type in file.scan.declared {
                var reach = file.context
                if type.role == .preview { reach.ships = false }
                if type.role == .widget { reach.outsideWidgets = false }
                declaredReach[type.name] = declaredReach[type.name].map { $0.union(reach) } ?? reach
                // The entry point is created by the system, like a type other modules may create: never narrowed.
                if (type.isPublic && !file.publicIsInternal) || type.role == .entry { neverNarrowed.insert(type.name) }
                let candidate = type.isView && type.role == .plain && file.deadCodeIsKnown
                unusedCandidates[type.name] = (unusedCandidates[type.name] ?? true) && candidate
                wholeModule[type.name] = (wholeModule[type.name] ?? true) && file.moduleIsWhole
            }
        }
        // A view type nothing in the whole module creates or names (`Row(`, `Row {`, `Row.make`) is dead code
        // that never reaches people, and so is what only it creates.
        let named = files.reduce(into: Set<String>()) { names, file in
            names.formUnion(file.scan.sites.filter { !inUnusedMember($0) && staticCall($0) == nil }.map(\.created))
        }
        let unused = unusedCandidates.filter { $0.value && !neverNarrowed.contains($0.key) && !named.contains($0.key) }.map(\.key)
        let fileReach = declaredReach
        for name in unused { declaredReach[name]?.ships = false }
        // Whether a site's own code can ship is known before the passes: not in a preview, debug-only code or an
        // unused member.
        // A static member that does not create its type is reached on its own, as `Type.member`: from its callers,
        // and from its type's code, which may call it by its bare name.
        var sitesOf: [String: [(site: CreationScan.Site, file: Reach, shipsHere: Bool)]] = [:]
        for file in files {
            for site in file.scan.sites where declaredReach[site.created] != nil && !neverNarrowed.contains(site.created) {
                let node = staticCall(site) ?? site.created
                sitesOf[node, default: []].append((site, file.context, !site.inPreview && !inUnusedMember(site)))
            }
        }
        var staticNodes: [String: String] = [:]
        for node in sitesOf.keys where node.contains(".") {
            let type = String(node.prefix { $0 != "." })
            staticNodes[node] = type
            sitesOf[node, default: []].append((CreationScan.Site(created: node, creator: type, platforms: .all, inPreview: false),
                                               declaredReach[type] ?? Reach(platforms: .all), true))
        }
        var reach = sitesOf.mapValues { _ in Reach.nowhere }
        func reachOfCode(in type: String?, member: String?, file: Reach) -> Reach {
            guard let type else { return file }
            if let member, !staticNodes.isEmpty, let own = reach["\(type).\(member)"] { return own.intersection(file) }
            return (reach[type] ?? declaredReach[type] ?? file).intersection(file)
        }
        func grow() -> Bool {
            var changed = true
            var passes = 0
            while changed {
                changed = false
                passes += 1
                guard passes <= 64 else { return false }
                for (name, sites) in sitesOf {
                    // Code that does not ship (a preview of a widget view, a test) widens nothing that ships: it
                    // counts only for a type nothing shipping creates.
                    var shipping = Reach.nowhere, other = Reach.nowhere
                    for entry in sites {
                        // The entry that stands for a static member's own type's code is that code's reach.
                        let member = staticNodes[name] == entry.site.creator && entry.site.created == name ? nil : entry.site.member
                        var made = reachOfCode(in: entry.site.creator, member: member, file: entry.file)
                        made.platforms.formIntersection(entry.site.platforms)
                        if !entry.shipsHere { made.ships = false }
                        if entry.site.asImage { made.onScreen = false }
                        if declaredReach[entry.site.creator ?? ""]?.outsideWidgets == false { made.outsideWidgets = false }
                        if made.ships { shipping = shipping.union(made) } else { other = other.union(made) }
                    }
                    let grown = shipping.ships ? shipping : other
                    if grown != reach[name] {
                        reach[name] = grown
                        changed = true
                    }
                }
            }
            return true
        }
        // Types that only create each other (a singleton's `static let shared = Store()`, views that nest
        // themselves) are reached from nowhere the files show: they are roots, as a type created nowhere is.
        while true {
            guard grow() else { return }
            let stuck = reach.filter { $0.value == .nowhere }.map(\.key)
            guard !stuck.isEmpty else { break }
            for name in stuck {
                reach[name] = nil
                sitesOf[name] = nil
            }
        }
        for name in unused { narrowed[name] = declaredReach[name] }
        for (name, found) in reach where staticNodes[name] == nil {
            // Created only where nothing is compiled (`#if false`): nothing is known.
            guard !found.platforms.isEmpty, let declared = fileReach[name] else { continue }
            var narrowedReach = found.intersection(declared)
            // Only previews or tests create it among the files seen; with files of its module unseen, something
            // else may create it.
            if wholeModule[name] != true { narrowedReach.ships = declared.ships }
            if narrowedReach != declared, !narrowedReach.platforms.isEmpty { narrowed[name] = narrowedReach }
        }
        // A static member's code: kept where it differs from its type's, as the declared reach when nothing narrows it.
        for (name, type) in staticNodes {
            guard let found = reach[name], !found.platforms.isEmpty, let declared = fileReach[type] else { continue }
            var narrowedReach = found.intersection(declared)
            if wholeModule[type] != true { narrowedReach.ships = declared.ships }
            guard !narrowedReach.platforms.isEmpty, narrowedReach != (narrowed[type] ?? declared) else { continue }
            narrowed[name] = narrowedReach
        }
    }

    /// The reach of code in the type (or extension of the type) named `name`; `nil` where nothing narrows it.
    public func reach(ofType name: String) -> Reach? {
        narrowed.isEmpty ? nil : narrowed[Self.baseName(name)]
    }

    /// The reach of code in the static member `member` of the type named `type`, when it differs from the type's: its
    /// callers reach it, not only the type's code.
    public func reach(ofStaticMember member: String, ofType type: String) -> Reach? {
        narrowed.isEmpty ? nil : narrowed["\(Self.baseName(type)).\(member)"]
    }

    /// Whether the member `member` of the type or extension named `type` is one nothing calls.
    public func isUnused(member: String, ofType type: String) -> Bool {
        !unusedMembers.isEmpty && unusedMembers.contains("\(Self.baseName(type)).\(member)")
    }

    /// `Outer.Inner<T>` is `Inner` to the scan, which reads base names.
    static func baseName(_ name: String) -> String {
        let withoutGenerics = name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
        return withoutGenerics.split(separator: ".").last.map(String.init) ?? withoutGenerics
    }

    // MARK: Text form, for cache keys

    /// `Type:platforms:flags` per narrowed type, then `-Type.member` per unused member, `,`-separated.
    public var encoded: String {
        (narrowed.sorted { $0.key < $1.key }.map { name, reach in
            "\(name):\(reach.platforms.rawValue):\(reach.ships ? 1 : 0)\(reach.outsideWidgets ? 1 : 0)\(reach.onScreen ? 1 : 0)"
        } + unusedMembers.sorted().map { "-" + $0 }).joined(separator: ",")
    }

    public init?(encoded: some StringProtocol) {
        for entry in encoded.split(separator: ",") {
            if entry.hasPrefix("-") {
                unusedMembers.insert(String(entry.dropFirst()))
                continue
            }
            let fields = entry.split(separator: ":")
            guard fields.count == 3, let platforms = UInt8(fields[1]), fields[2].count == 3 else { return nil }
            let flags = Array(fields[2])
            narrowed[String(fields[0])] = Reach(platforms: Platforms(rawValue: platforms), ships: flags[0] == "1",
                                                outsideWidgets: flags[1] == "1", onScreen: flags[2] == "1")
        }
    }
}
