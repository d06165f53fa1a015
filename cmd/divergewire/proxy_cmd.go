package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os/signal"
	"strings"
	"syscall"

	"github.com/diverge-network/diverge-sdk-go/begin"
	"github.com/diverge-network/diverge-sdk-go/proxy"
	"github.com/diverge-network/diverge-sdk-go/proxytest"
	"github.com/diverge-network/diverge-sdk-go/secrets"
)

const proxyUsage = `usage:
  divergewire proxy [-listen ADDR] [-declare NAME=fixed|rotating,...]

Runs a container proxy with a demo program on ADDR (default :14979) and
serves one connection, then exits 0. Its first line of output is
"listening on ws://HOST:PORT/", with the real port when ADDR ends in :0.
The program declares the secrets given by -declare; each loop shows the
user parts of its messages, answers each text block with an
assistant_text_content chunk "echo: <text>", takes a seam (answering what
it took the same way), and ends; a rotating secret fed a JSON string is
handed back with ' appended.

Exit status: 0 once the connection has been served, 1 if serving failed,
2 for a usage error.
`

// proxyCmd is the proxy subcommand.
func proxyCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("proxy")
	listen := fs.String("listen", proxy.DefaultAddr, "the address to listen on")
	declare := fs.String("declare", "", "the secrets the program declares: NAME=fixed|rotating, comma-separated")
	if status, done := parse(fs, proxyUsage, args, stdout, stderr); done {
		return status
	}
	if fs.NArg() != 0 {
		return badArgs(fs, proxyUsage, stderr)
	}
	decl, err := parseDeclare(*declare)
	if err != nil {
		fmt.Fprintln(stderr, "divergewire proxy:", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(stderr, "divergewire proxy:", err)
		return 1
	}
	fmt.Fprintf(stdout, "listening on ws://%s/\n", ln.Addr())
	if f, ok := stdout.(interface{ Sync() error }); ok {
		_ = f.Sync()
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	srv := &proxy.Server{Program: demoProgram(decl)}
	if err := srv.ServeOne(ctx, ln); err != nil {
		fmt.Fprintln(stderr, "divergewire proxy:", err)
		return 1
	}
	return exitOK
}

// demoProgram is the proxy subcommand's program.
func demoProgram(decl secrets.Declaration) proxy.Program {
	return &proxytest.Program{
		Registered: begin.Registered{Secrets: decl},
		Reply:      proxytest.Echo,
		HandBack:   proxytest.Prime,
		Seams:      0,
	}
}

// parseDeclare reads NAME=fixed|rotating,... into a declaration.
func parseDeclare(s string) (secrets.Declaration, error) {
	decl := secrets.NewDeclaration()
	if s == "" {
		return decl, nil
	}
	for _, item := range strings.Split(s, ",") {
		name, mode, ok := strings.Cut(item, "=")
		if !ok || name == "" {
			return decl, fmt.Errorf("-declare: %q is not NAME=fixed or NAME=rotating", item)
		}
		switch mode {
		case "fixed":
			decl.Set(name, secrets.Fixed)
		case "rotating":
			decl.Set(name, secrets.Rotating)
		default:
			return decl, fmt.Errorf("-declare: the mode of %q is neither fixed nor rotating", name)
		}
	}
	return decl, nil
}
