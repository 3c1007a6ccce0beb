import SwiftUI

struct ProfileView: View {
    @State private var profile = Profile.sample
    @State private var isFavorite = false

    var body: some View {
        Form {
            Section {
                HStack {
                    avatar
                    VStack(alignment: .leading) {
                        Text(profile.name)
                            .font(.headline)
                        // Compliant: the enclosing stack enables selection.
                        Text(profile.email)
                    }
                    .textSelection(.enabled)
                }
                // copyable-text-not-selectable: people copy the address to send gifts.
                Text(profile.shippingAddress)
            }

            Section("About you") {
                // single-line-field-for-long-text: a bio is long text.
                TextField("Bio", text: $profile.bio)
                // Compliant: TextEditor for long text.
                TextEditor(text: $profile.notes)
                    .frame(minHeight: 80)
            }

            Section {
                // icon-only-control-without-label
                Toggle(isOn: $isFavorite) {
                    Image(systemName: "star")
                }
                // Compliant
                Toggle("Newsletter", isOn: $profile.wantsNewsletter)
            }
        }
        .toolbar {
            // icon-only-control-without-label
            Menu {
                Button("Edit Photo", action: editPhoto)
                Button("Sign Out", role: .destructive, action: signOut)
            } label: {
                Image(systemName: "ellipsis.circle")
            }
        }
    }

    /// The avatar is judged where it is used: in `body`, with no label.
    private var avatar: some View {
        Image(uiImage: profile.avatar)
            .resizable()
            .frame(width: 56, height: 56)
            .clipShape(Circle())
    }

    private func editPhoto() {}
    private func signOut() {}
}
