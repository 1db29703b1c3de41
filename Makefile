# Builds and installs the `waterfall` command; the binary needs no file of this repository.
#   make install PREFIX=/usr/local        # or PREFIX=$HOME/.local
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
COMPLETIONS = $(PREFIX)/share

.PHONY: build install uninstall

# The Swift runtime and Foundation are linked in: the binary starts in about 13 ms instead of 20
# (loading and binding their shared libraries), which is most of what a quick command costs.
SWIFTFLAGS = -c release --static-swift-stdlib

build:
	swift build $(SWIFTFLAGS) --product waterfall

install: build
	install -d "$(BINDIR)" "$(COMPLETIONS)/bash-completion/completions" "$(COMPLETIONS)/zsh/site-functions" \
		"$(COMPLETIONS)/fish/vendor_completions.d"
	install -m 755 "$$(swift build $(SWIFTFLAGS) --show-bin-path)/waterfall" "$(BINDIR)/waterfall"
	"$(BINDIR)/waterfall" --generate-completion-script bash > "$(COMPLETIONS)/bash-completion/completions/waterfall"
	"$(BINDIR)/waterfall" --generate-completion-script zsh > "$(COMPLETIONS)/zsh/site-functions/_waterfall"
	"$(BINDIR)/waterfall" --generate-completion-script fish > "$(COMPLETIONS)/fish/vendor_completions.d/waterfall.fish"

uninstall:
	rm -f "$(BINDIR)/waterfall" "$(COMPLETIONS)/bash-completion/completions/waterfall" \
		"$(COMPLETIONS)/zsh/site-functions/_waterfall" "$(COMPLETIONS)/fish/vendor_completions.d/waterfall.fish"
