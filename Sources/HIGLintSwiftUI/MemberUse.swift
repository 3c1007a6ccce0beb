/// Members of the module's types that nothing calls: a `private` helper whose only use was commented out, a view
/// modifier in an extension nobody applies, an image accessor nothing shows. Code in them never runs, so it never
/// reaches people, and neither does what only they create.
///
/// Names are compared, not declarations: a mention of `header` anywhere (in any type, a key path, a test) keeps
/// every member named `header` alive, and a name that two members share is used if either is mentioned. Like
/// `ModuleReach`, it can only miss dead code, never call used code dead. A member counts as used when code that is
/// used mentions it: code outside the listed members, or a listed member that is itself used.
public enum MemberUse {
    /// The members nothing uses, as `Type.member`. An internal member is judged only where the run holds its
    /// whole project (`deadCodeIsKnown`), a public one only in an app's local package the run holds with the app
    /// (`publicIsInternal`); a `private` one only its own file can name.
    public static func unused(in files: [ModuleReach.FileCreations]) -> Set<String> {
        var used = Set<UInt32>()
        var judged: [CreationScan.Member] = []
        for file in files {
            used.formUnion(file.scan.mentions)
            for member in file.scan.members {
                let judgedHere = switch member.access {
                case .private: true
                case .internal: file.deadCodeIsKnown
                case .public: file.publicIsInternal
                }
                if judgedHere {
                    judged.append(member)
                } else {
                    // Perhaps used from files the run does not hold: what it mentions may be used too.
                    used.formUnion(member.mentions)
                }
            }
        }
        var alive = Array(repeating: false, count: judged.count)
        var changed = true
        while changed {
            changed = false
            for (index, member) in judged.enumerated() where !alive[index] && used.contains(hash(member.name)) {
                alive[index] = true
                used.formUnion(member.mentions)
                changed = true
            }
        }
        return Set(judged.indices.filter { !alive[$0] }.map { "\(judged[$0].type).\(judged[$0].name)" })
    }

    /// FNV-1a of the name's UTF-8: the scan keeps hashes, not names, to keep the survey's cache records small. A
    /// collision can only make an unused member look used.
    public static func hash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }
}
