# Builds and installs the `waterfall` command; the binary needs no file of this repository.
#   make install PREFIX=/usr/local        # or PREFIX=$HOME/.local
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
COMPLETIONS = $(PREFIX)/share

.PHONY: build install uninstall

build:
	swift build -c release --product waterfall

install: build
	install -d "$(BINDIR)" "$(COMPLETIONS)/bash-completion/completions" "$(COMPLETIONS)/zsh/site-functions" \
		"$(COMPLETIONS)/fish/vendor_completions.d"
	install -m 755 "$$(swift build -c release --show-bin-path)/waterfall" "$(BINDIR)/waterfall"
	"$(BINDIR)/waterfall" --generate-completion-script bash > "$(COMPLETIONS)/bash-completion/completions/waterfall"
	"$(BINDIR)/waterfall" --generate-completion-script zsh > "$(COMPLETIONS)/zsh/site-functions/_waterfall"
	"$(BINDIR)/waterfall" --generate-completion-script fish > "$(COMPLETIONS)/fish/vendor_completions.d/waterfall.fish"

uninstall:
	rm -f "$(BINDIR)/waterfall" "$(COMPLETIONS)/bash-completion/completions/waterfall" \
		"$(COMPLETIONS)/zsh/site-functions/_waterfall" "$(COMPLETIONS)/fish/vendor_completions.d/waterfall.fish"
