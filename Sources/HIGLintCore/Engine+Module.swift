extension LintEngine {
    /// What several sources linted as one module say to the rules: for rule examples made of several files, and
    /// editors that lint one buffer among files they hold. Every source is parsed for its part of the index.
    public func moduleFacts(ofSources sources: [String]) -> ModuleFacts {
        ModuleFacts.of(sources: sources, symbols: moduleSymbols, indexing: usesModuleIndex, components: configuration.components)
    }
}
