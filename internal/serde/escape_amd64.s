//go:build amd64 && !purego

#include "textflag.h"
#include "vec_amd64.h"

// The block loops of unescapeAVX2 and escapeAVX2: out's base and length in
// DI and R9, src's in SI and R10, o and i in R11 and R12, a table in R8.
// BLOCKS_BEGIN loads them. BLOCK(SRC, ROOM, DONE, BITS) goes to DONE unless
// src holds SRC bytes from i and out ROOM from o; else it stores the block
// src[i:i+32] at out[o:] and goes to BITS with the marks of its specials in
// AX, or, where there are none, moves on to the next block and falls
// through. BLOCKS_END returns o and i.
#define BLOCKS_BEGIN(TABLE) MOVQ out_base+0(FP), DI; MOVQ out_len+8(FP), R9; MOVQ src_base+24(FP), SI; MOVQ src_len+32(FP), R10; XORQ R11, R11; XORQ R12, R12; LEAQ TABLE, R8; SPECIALS
#define BLOCK(SRC, ROOM, DONE, BITS) MOVQ R10, AX; SUBQ R12, AX; CMPQ AX, SRC; JLT DONE; MOVQ R9, AX; SUBQ R11, AX; CMPQ AX, ROOM; JLT DONE; VMOVDQU (SI)(R12*1), Y0; VMOVDQU Y0, (DI)(R11*1); SPECIAL_MARKS; VPMOVMSKB Y4, AX; TESTL AX, AX; JNZ BITS; ADDQ $32, R12; ADDQ $32, R11
// ESCAPE_CHUNK(K) writes the chunk of escapeAVX2's block at byte K, whose
// bytes are in X10's low half and backslashes in its high half: its marks
// (byte K/8 of AX) pick a shuffle of escapeShuffles (CX), which makes the
// chunk escaped, stored where it goes (o, K and the growth so far, DX);
// DX grows by the number of marks.
#define ESCAPE_CHUNK(K) MOVL AX, BX; SHRL $K, BX; ANDL $0xff, BX; POPCNTL BX, R13; SHLL $4, BX; VMOVDQU (CX)(BX*1), X14; VPSHUFB X14, X10, X10; LEAQ K(R11)(DX*1), BX; VMOVDQU X10, (DI)(BX*1); ADDQ R13, DX

// UNESCAPE_CHUNK(X, K) writes the chunk of unescapeAVX2's block at byte K,
// whose bytes are in X's low half: its backslashes to take out (byte K/8 of
// R13) pick a shuffle of unescapeShuffles (CX), which packs the rest, stored
// where they go (o, K and what was taken out so far, DX); DX grows by their
// number.
#define UNESCAPE_CHUNK(X, K) MOVL R13, BX; SHRL $K, BX; ANDL $0xff, BX; POPCNTL BX, AX; SHLL $4, BX; VMOVDQU (CX)(BX*1), X7; VPSHUFB X7, X, X7; LEAQ K(R11), BX; SUBQ DX, BX; VMOVQ X7, (DI)(BX*1); ADDQ AX, DX

// ESCAPE_MARK(R, RB, STOP, CUT) takes the lowest mark of AX, a block's marks
// at src[i] (SI, R12): its offset in CX, src[i+CX] in BX's place. Unless it
// is a backslash it goes to STOP; a backslash that ends the block goes to
// CUT; else R (whose low byte is RB) is the letter after it.
#define ESCAPE_MARK(R, RB, STOP, CUT) BSFL AX, CX; LEAQ (R12)(CX*1), BX; MOVBLZX (SI)(BX*1), R; CMPB RB, $0x5c; JNE STOP; CMPL CX, $31; JEQ CUT; MOVBLZX 1(SI)(BX*1), R

#define BLOCKS_END MOVQ R11, o+48(FP); MOVQ R12, i+56(FP); VZEROUPPER; RET

// func unescapeAVX2(out, src []byte) (o, i int)
//
// Decodes src into out a 32-byte block at a time while src holds 64 bytes
// from i and out 64 from o: each block is stored as it is read; one with
// short escapes only (\" \\ \/ \b \f \n \r \t), none cut by its end, is
// then written again, its letters replaced and its backslashes taken out
// by shuffles. Any other block goes through its quotes, backslashes and
// controls in turn: a short escape has its byte written and the block's
// bytes after it stored again behind it. It returns what it wrote and
// read, stopping at anything else (a \u, a bad escape, a control, a quote)
// for the caller to go on from there; a backslash that is a block's last
// byte starts the next block. Non-ASCII is copied as it is: the caller has
// checked it.
TEXT ·unescapeAVX2(SB), NOSPLIT, $0-64
	BLOCKS_BEGIN(·unescaped(SB))
	BROADCAST($0x0f0f0f0f0f0f0f0f, X11, Y11)
	VBROADCASTI128 ·unescapeKeys(SB), Y12
	VBROADCASTI128 ·unescapeValues(SB), Y13
	VMOVDQU        ·unescapeSpread(SB), Y14

uloop:
	BLOCK($64, $64, udone, ubits)
	JMP uloop

ubits:
	// Without a control, and with every quote escaped, every escape a
	// short one and none cut by the block's end, the block is written as
	// four 8-byte chunks, each with its escapes' letters replaced by
	// their bytes and the backslashes before them taken out by a
	// shuffle: no branch on where the escapes are. Anything else takes
	// the loop over the marks (ubit), which stops where the caller goes
	// on.
	VPMOVMSKB Y6, BX
	TESTL     BX, BX
	JNZ       ubitsloop
	VPMOVMSKB Y5, BX // the backslashes
	MOVQ      BX, DX
	NOTQ      DX
	ANDQ      DX, AX // the quotes
	// The escaped bytes (R13), as escapedBits finds them with no carry:
	// a run of backslashes starting at an odd offset is carried across
	// the even ones by an addition.
	MOVQ      BX, CX
	SHLQ      $1, CX // the bytes that follow a backslash
	MOVQ      $0xaaaaaaaaaaaaaaaa, R13
	ANDQ      BX, R13
	MOVQ      CX, DX
	NOTQ      DX
	ANDQ      DX, R13 // the runs starting at odd offsets
	ADDQ      BX, R13
	SHLQ      $1, R13
	MOVQ      $0x5555555555555555, DX
	XORQ      DX, R13
	ANDQ      CX, R13
	BTQ       $32, R13 // an escape cut by the block's end
	JCS       ubitsloop
	MOVQ      R13, CX
	NOTQ      CX
	TESTQ     CX, AX // a quote not escaped
	JNZ       ubitsloop

	// Y10: the escaped bytes as a byte mask; Y9: whether each byte is a
	// short escape's letter (the key at its hash, (c>>1 + c>>3) & 15, is
	// itself); Y8: the byte that letter stands for.
	VMOVQ        R13, X10
	VPBROADCASTD X10, Y10
	VPSHUFB      Y14, Y10, Y10
	VPAND        ·unescapeBits(SB), Y10, Y10
	VPCMPEQB     ·unescapeBits(SB), Y10, Y10
	VPSRLW       $1, Y0, Y8
	VPSRLW       $3, Y0, Y9
	VPADDB       Y9, Y8, Y8
	VPAND        Y11, Y8, Y8
	VPSHUFB      Y8, Y12, Y9
	VPCMPEQB     Y0, Y9, Y9
	VPSHUFB      Y8, Y13, Y8
	VPANDN       Y10, Y9, Y9
	VPMOVMSKB    Y9, BX
	TESTL        BX, BX // an escape that is not a short one
	JNZ          ubitsloop
	VPBLENDVB    Y10, Y8, Y0, Y9
	SHRQ         $1, R13 // the backslashes to take out
	XORQ         DX, DX
	LEAQ         ·unescapeShuffles(SB), CX
	UNESCAPE_CHUNK(X9, 0)
	VPUNPCKHQDQ  X9, X9, X10
	UNESCAPE_CHUNK(X10, 8)
	VEXTRACTI128 $1, Y9, X9
	UNESCAPE_CHUNK(X9, 16)
	VPUNPCKHQDQ  X9, X9, X10
	UNESCAPE_CHUNK(X10, 24)
	ADDQ         $32, R12
	ADDQ         $32, R11
	SUBQ         DX, R11
	JMP          uloop

ubitsloop:
	VPMOVMSKB Y4, AX
	XORQ      DX, DX // how much shorter the block is decoded so far

ubit:
	ESCAPE_MARK(R13, R13B, ustop, ucut)
	MOVBLZX (R8)(R13*1), R13
	TESTL   R13, R13
	JZ      ustop
	LEAQ    (R11)(CX*1), BX
	SUBQ    DX, BX
	MOVB    R13B, (DI)(BX*1)
	INCQ    DX
	LEAQ    2(R12)(CX*1), BX
	VMOVDQU (SI)(BX*1), Y7
	LEAQ    2(R11)(CX*1), BX
	SUBQ    DX, BX
	VMOVDQU Y7, (DI)(BX*1)
	MOVQ    $-4, BX // clear the marks up to p+1, the escape's letter
	SHLQ    CX, BX
	ANDQ    BX, AX
	JNZ     ubit
	ADDQ    $32, R12
	ADDQ    $32, R11
	SUBQ    DX, R11
	JMP     uloop

ucut:
	// The block ends in a backslash: the next one starts at it.
	ADDQ CX, R12
	ADDQ CX, R11
	SUBQ DX, R11
	JMP  uloop

ustop:
	ADDQ CX, R12
	ADDQ CX, R11
	SUBQ DX, R11

udone:
	BLOCKS_END

// func escapeAVX2(out, src []byte) (o, i int)
//
// Writes src escaped into out a 32-byte block at a time while src holds 64
// bytes from i and out 224 from o (a block all controls grows to 192): each
// block is stored as it is read; one with bytes to escape is then written
// again, expanded by shuffles, or, where a control in it needs \u00xx,
// with each escape (a word of escapeWords) written in turn and the block's
// bytes after it stored again behind it. It returns what it wrote and
// read.
TEXT ·escapeAVX2(SB), NOSPLIT, $0-64
	BLOCKS_BEGIN(·escapeWords(SB))
	BROADCAST($0x0f0f0f0f0f0f0f0f, X11, Y11)
	VBROADCASTI128 ·escapeLetters(SB), Y12
	VPXOR          Y13, Y13, Y13

eloop:
	BLOCK($64, $224, edone, ebits)
	JMP eloop

ebits:
	// Unless a control in it needs \u00xx, the block is written as four
	// 8-byte chunks, each expanded by a shuffle that puts a backslash
	// before its marks: no branch on where the marks are, which in prose
	// costs less than a loop over one or two of them. Y9 is the block with
	// each control replaced by its escape's letter (Y8: from
	// escapeLetters, by the control's index, with bytes above 15 made to
	// look up nothing).
	XORQ           DX, DX // how much longer the block is escaped so far
	VPCMPGTB       Y11, Y0, Y8
	VPOR           Y0, Y8, Y8
	VPSHUFB        Y8, Y12, Y8
	VPCMPEQB       Y13, Y8, Y9
	VPAND          Y6, Y9, Y9
	VPMOVMSKB      Y9, BX
	TESTL          BX, BX
	JNZ            ebit
	VPANDN         Y0, Y6, Y9
	VPOR           Y8, Y9, Y9
	LEAQ           ·escapeShuffles(SB), CX
	VPUNPCKLQDQ    X2, X9, X10
	ESCAPE_CHUNK(0)
	VPUNPCKHQDQ    X2, X9, X10
	ESCAPE_CHUNK(8)
	VEXTRACTI128   $1, Y9, X9
	VPUNPCKLQDQ    X2, X9, X10
	ESCAPE_CHUNK(16)
	VPUNPCKHQDQ    X2, X9, X10
	ESCAPE_CHUNK(24)
	ADDQ           $32, R12
	LEAQ           32(R11)(DX*1), R11
	JMP            eloop

ebit:
	BSFL    AX, CX // the mark's offset p in the block
	LEAQ    (R12)(CX*1), BX
	MOVBLZX (SI)(BX*1), R13
	MOVQ    (R8)(R13*8), R13
	LEAQ    (R11)(CX*1), BX
	ADDQ    DX, BX
	MOVQ    R13, (DI)(BX*1)
	SHRQ    $56, R13
	ADDQ    R13, DX
	LEAQ    1(R12)(CX*1), BX
	VMOVDQU (SI)(BX*1), Y7
	LEAQ    1(R11)(CX*1), BX
	ADDQ    DX, BX
	VMOVDQU Y7, (DI)(BX*1)
	LEAL    -1(AX), BX
	ANDL    BX, AX
	JNZ     ebit
	ADDQ    $32, R12
	LEAQ    32(R11)(DX*1), R11
	JMP     eloop

edone:
	BLOCKS_END

// func quoteEndAVX2(b []byte) (i int, carry uint64)
//
// The offset of the first quote in b's whole 64-byte blocks that no
// backslash escapes, or -1; carry is escapedBits' carry where it stopped.
// Each block's escaped bytes are found as escapedBits finds them, the
// carry kept in R8 from one block to the next.
TEXT ·quoteEndAVX2(SB), NOSPLIT, $0-40
	WHOLE64
	XORQ R8, R8
	MOVQ $0x5555555555555555, R9
	QUOTES_BACKSLASHES

qloop:
	CMPQ    SI, CX
	JEQ     qnone
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y3
	MASK64(Y1, AX) // the quotes
	MASK64(Y2, DX) // the backslashes
	MOVQ      R8, BX
	NOTQ      BX
	ANDQ      BX, DX // an escaped first byte escapes nothing
	MOVQ      DX, R10
	SHLQ      $1, R10
	ORQ       R8, R10 // the bytes that follow a backslash
	MOVQ      R9, BX
	NOTQ      BX
	ANDQ      DX, BX
	MOVQ      R10, R11
	NOTQ      R11
	ANDQ      R11, BX // the runs starting at odd offsets
	XORQ      R8, R8
	ADDQ      DX, BX
	SETCS     R8
	SHLQ      $1, BX
	XORQ      R9, BX
	ANDQ      R10, BX // the escaped bytes
	NOTQ      BX
	ANDQ      BX, AX
	JNZ       qfound
	ADDQ      $64, SI
	JMP       qloop

qfound:
	BSFQ AX, AX
	SUBQ DI, SI
	ADDQ SI, AX
	MOVQ AX, i+24(FP)
	MOVQ R8, carry+32(FP)
	VZEROUPPER
	RET

qnone:
	MOVQ $-1, i+24(FP)
	MOVQ R8, carry+32(FP)
	VZEROUPPER
	RET

// func quoteBackslashAVX2(b []byte) (q, bs uint64)
//
// One bit per byte of b[:64]: the quotes, and the backslashes.
TEXT ·quoteBackslashAVX2(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	QUOTES_BACKSLASHES
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y3
	MASK64(Y1, AX)
	MOVQ    AX, q+24(FP)
	MASK64(Y2, AX)
	MOVQ    AX, bs+32(FP)
	VZEROUPPER
	RET

// func skipEscapesAVX2(src []byte) (i, shrink int)
//
// Passes over src a 32-byte block at a time while it holds one, and over
// each short escape that serde_json itself writes (\" \\ \b \f \n \r \t) in
// the block, counting them in shrink (each is a byte shorter decoded). It
// stops at anything else: a quote, a control, any other escape. A
// backslash that is a block's last byte starts the next block.
TEXT ·skipEscapesAVX2(SB), NOSPLIT, $0-40
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), R10
	XORQ R12, R12 // i
	XORQ R13, R13 // shrink
	LEAQ ·unescaped(SB), R8
	SPECIALS

kloop:
	MOVQ R10, AX
	SUBQ R12, AX
	CMPQ AX, $32
	JLT  kdone
	VMOVDQU   (SI)(R12*1), Y0
	SPECIAL_MARKS
	VPMOVMSKB Y4, AX
	TESTL     AX, AX
	JNZ       kbit
	ADDQ      $32, R12
	JMP       kloop

kbit:
	ESCAPE_MARK(DX, DL, kstop, kcut)
	CMPB    DL, $0x2f // '/': an escape serde_json does not write
	JEQ     kstop
	MOVBLZX (R8)(DX*1), DX
	TESTL   DX, DX
	JZ      kstop
	INCQ    R13
	MOVQ    $-4, BX // clear the marks up to p+1, the escape's letter
	SHLQ    CX, BX
	ANDQ    BX, AX
	JNZ     kbit
	ADDQ    $32, R12
	JMP     kloop

kcut:
	// The block ends in a backslash: the next one starts at it.
	ADDQ CX, R12
	JMP  kloop

kstop:
	ADDQ CX, R12

kdone:
	MOVQ R12, i+24(FP)
	MOVQ R13, shrink+32(FP)
	VZEROUPPER
	RET
