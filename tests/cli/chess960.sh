# `rankfile 960` and `rankfile is960`: numbers, languages, formats, seeds, the derivation,
# Double Fischer Random, every case of seed 000 from arguments and from stdin, exit statuses,
# JSON, the back-rank mode, and the two commands checking each other over all 960 setups.
. "$(dirname "$0")/lib.sh"
RF=$1

# --- 960: by number, languages, formats -------------------------------------------------------
expect "518" 0 "  RNBQKBNR   Go for it!   #518" 960 518
expect "0 no" 0 "  LLDSSTKT   Lykke til!   #0" 960 0 --lang no
expect "959" 0 "  RKRNNQBB   Go for it!   #959" 960 959
expect "fen" 0 "  LLDSSTKT   Lykke til!   #0
bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" 960 0 --lang no --fen
expect "shredder" 0 "  RKRNNQBB   Go for it!   #959
rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1" 960 959 --shredder
expect "format fen" 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 960 518 --format fen
expect "format fen shredder" 0 "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1" 960 0 --format fen --shredder
expect "format map" 0 "#0 a1=bl b1=bl c1=ql d1=nl e1=nl f1=rl g1=kl h1=rl a2=pl b2=pl c2=pl d2=pl e2=pl f2=pl g2=pl h2=pl a7=pd b7=pd c7=pd d7=pd e7=pd f7=pd g7=pd h7=pd a8=bd b8=bd c8=qd d8=nd e8=nd f8=rd g8=kd h8=rd" 960 0 --format map
JSON518='{"number":518,"white":"RNBQKBNR","black":"rnbqkbnr","language":"de","letters":"TSLDKLST","greeting":"Viel Glück!","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","shredder_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"}'
expect "format json" 0 "$JSON518" 960 518 --format json --lang de
expect "json" 0 "$JSON518" 960 --json 518 --lang de
expect "random word" 0 "  RNBQKBNR   Go for it!   #518" 960 518 --format line

# Every language: the standard setup in its letters, found by its code and its ISO code.
for l in no:no:TSLDKLST:'Lykke til!' se:sv:TSLDKLST:'Lycka till!' dk:da:TSLDKLST:'Held og lykke!' \
         is:is:HRLDKLRH:'Gangi þér vel!' fi:fi:TRLDKLRT:'Hyvä!' ee:et:VSOLKOSV:'Edu!' lt:lt:BZRVKRZB:'Sėkmės!' \
         lv:lv:TZLDKLZT:'Lai tev veicas!' pl:pl:WSGHKGSW:'Powodzenia!' ir:ga:CDEBREDC:'Go n-éirí leat!' \
         cy:cy:CMEBTEMC:'Pob lwc!' nl:nl:HPLDKLPH:'Succes!' de:de:TSLDKLST:'Viel Glück!' en:en:RNBQKBNR:'Go for it!' \
         es:es:TCADRACT:'Buena suerte!' fr:fr:TCFDRFCT:'Allez!' cs:cs:VJSDKSJV:'Hodně štěstí!' \
         hu:hu:BHFVKFHB:'Sok sikert!' it:it:TCADRACT:'Buona fortuna!' pt:pt:TCBDRBCT:'Boa sorte!' ro:ro:TCNDRNCT:'Baftă!'; do
    code=${l%%:*}; rest=${l#*:}; iso=${rest%%:*}; rest=${rest#*:}; letters=${rest%%:*}; greeting=${rest#*:}
    expect "lang $code" 0 "  $letters   $greeting   #518" 960 518 --lang "$code"
    expect "lang $iso" 0 "  $letters   $greeting   #518" 960 518 --lang "$iso"
    # Any case, a locale's form (issue 23); is960 reads the line back, its letters recognised.
    upper=$(printf '%s' "$iso" | tr a-z A-Z)
    expect "lang $upper" 0 "  $letters   $greeting   #518" 960 518 --lang "$upper"
    expect "lang ${iso}_$upper.UTF-8" 0 "  $letters   $greeting   #518" 960 518 --lang "${iso}_$upper.UTF-8"
    expect "is960 of the $code line" 0 "true 518" is960 "  $letters   $greeting   #518"
    expect "is960 $letters" 0 "true 518" is960 "$letters"
    expect "is960 --lang $code $letters" 0 "true 518" is960 --lang "$code" "$letters"
    line=$("$RF" 960 --seed 7 --lang "$code")
    number=${line##*#}
    expect "is960 of a random $code line" 0 "true $number" is960 "$line"
done
# Languages by their English names and their own, in any case.
expect "lang german" 0 "  TSLDKLST   Viel Glück!   #518" 960 518 --lang german
expect "lang Deutsch" 0 "  TSLDKLST   Viel Glück!   #518" 960 518 --lang Deutsch
expect "lang DE" 0 "  TSLDKLST   Viel Glück!   #518" 960 518 --lang DE
expect "lang de_DE" 0 "  TSLDKLST   Viel Glück!   #518" 960 518 --lang de_DE
expect "lang français" 0 "  TCFDRFCT   Allez!   #518" 960 518 --lang Français
expect "lang svenska" 0 "  TSLDKLST   Lycka till!   #518" 960 518 --lang svenska
expect "lang unknown" 64 "" 960 518 --lang klingon
expect_err "lang unknown" "^rankfile: 960: unknown language 'klingon'"
# 960.py's examples: Norwegian SDLLSTKT, French CFFTRDTC, Dutch HPDKLLPH with its FEN
expect "960.py no" 0 "  SDLLSTKT   Lykke til!   #$("$RF" is960 NQBBNRKR | cut -d' ' -f2)" 960 "$("$RF" is960 NQBBNRKR | cut -d' ' -f2)" --lang no
expect "960.py fr" 0 "  CFFTRDTC   Allez!   #$("$RF" is960 NBBRKQRN | cut -d' ' -f2)" 960 "$("$RF" is960 NBBRKQRN | cut -d' ' -f2)" --lang fr
run /dev/null 960 "$("$RF" is960 RNQKBBNR | cut -d' ' -f2)" -l nl -f
[ $rc -eq 0 ] && sed -n 1p "$tmp/out" | grep -q '^  HPDKLLPH   Succes!   #' &&
    sed -n 2p "$tmp/out" | grep -qx 'rnqkbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNQKBBNR w KQkq - 0 1' && ok || bad "960.py -l nl -f"
cp "$tmp/out" "$tmp/short"
run /dev/null 960 "$("$RF" is960 RNQKBBNR | cut -d' ' -f2)" --lang nl --fen
cmp -s "$tmp/out" "$tmp/short" && ok || bad "-l -f and --lang --fen differ"
run /dev/null 960 518 -v
grep -q 'mixed radix' "$tmp/out" && ok || bad "-v"

# --- --all: 960 lines in number order, distinct, each recognised by is960 with its number ----
run /dev/null 960 --all
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 960 ] && ok || bad "--all: exit $rc, $(wc -l <"$tmp/out") lines"
awk '{print $NF}' "$tmp/out" >"$tmp/numbers"
i=0; : >"$tmp/want"; while [ $i -lt 960 ]; do echo "#$i" >>"$tmp/want"; i=$((i + 1)); done
cmp -s "$tmp/numbers" "$tmp/want" && ok || bad "--all not in number order"
[ "$(awk '{print $1}' "$tmp/out" | sort -u | wc -l)" -eq 960 ] && ok || bad "--all setups not distinct"
"$RF" 960 --all --format fen >"$tmp/fens"
[ "$(sort -u "$tmp/fens" | wc -l)" -eq 960 ] && ok || bad "--all FENs not distinct"
"$RF" is960 <"$tmp/fens" >"$tmp/answers"; rc=$?
i=0; : >"$tmp/want"; while [ $i -lt 960 ]; do echo "true $i" >>"$tmp/want"; i=$((i + 1)); done
[ $rc -eq 0 ] && cmp -s "$tmp/answers" "$tmp/want" && ok || bad "is960 of every 960 FEN: exit $rc"
"$RF" fen <"$tmp/fens" >"$tmp/norm" 2>&1 && cmp -s "$tmp/norm" "$tmp/fens" && ok || bad "every 960 FEN is a valid FEN"
"$RF" 960 --all --format json | grep -c '"number"' | grep -qx 960 && ok || bad "--all json"

# --- random: seeds, counts, OS entropy ----------------------------------------------------------
SEED42="  QRKBNRBN   Go for it!   #781
  NRBQKBNR   Go for it!   #230
  NNQRBKRB   Go for it!   #43"
expect "seed 42" 0 "$SEED42" 960 --seed 42 --count 3
expect "seed 42 random" 0 "$(printf '%s\n' "$SEED42" | head -1)" 960 random --seed 42
"$RF" 960 --seed 42 --count 50 --format fen >"$tmp/a"; "$RF" 960 --seed 42 --count 50 --format fen >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && [ "$(wc -l <"$tmp/a")" -eq 50 ] && ok || bad "seed reproducible"
"$RF" 960 --seed 43 --count 50 --format fen >"$tmp/c"
cmp -s "$tmp/a" "$tmp/c" && bad "seeds 42 and 43 give the same positions" || ok
run /dev/null 960 --count 5
[ $rc -eq 0 ] && [ "$(grep -c '^  [A-Z]\{8\}   Go for it!   #[0-9]\{1,3\}$' "$tmp/out")" -eq 5 ] && ok || bad "--count 5"
run /dev/null 960
[ $rc -eq 0 ] && grep -qx '  [A-Z]\{8\}   Go for it!   #[0-9]\{1,3\}' "$tmp/out" && [ "$(wc -l <"$tmp/out")" -eq 1 ] && ok || bad "960 alone"
run /dev/null 960 random
[ $rc -eq 0 ] && grep -qx '  [A-Z]\{8\}   Go for it!   #[0-9]\{1,3\}' "$tmp/out" && ok || bad "960 random"
# entropy: 20 draws from the OS are not all the same setup (chance 960^-19)
"$RF" 960 --count 20 | sort -u | wc -l | grep -qvx 1 && ok || bad "entropy gives one setup twenty times"
"$RF" 960 --count 200 --format fen | "$RF" is960 >/dev/null && ok || bad "random positions are start positions"

# --- --verbose: the draws of a random setup, the digits of a given number ------------------------
expect "verbose seed" 0 "  abcdefgh   the empty back rank: free squares show their file letters
  abcBefgh   light-squared bishop: 1 of 0-3 -> d (b d f h)
  abcBefBh   dark-squared bishop: 3 of 0-3 -> g (a c e g)
  QbcBefBh   queen: 0 of 0-5 -> a (free: a b c e f h)
  QbcBefBN   first knight: 4 of 0-4 -> h (free: b c e f h)
  QbcBNfBN   second knight: 2 of 0-3 -> e (free: b c e f)
  QRKBNRBN   rook, king, rook on the last three free squares: b c f
  QRKBNRBN   Go for it!   #781" 960 --seed 42 --verbose
expect "verbose number" 0 "  abcdefgh   518 in the mixed radix 4, 4, 6, 10: 518 = 2 + 4*(1 + 4*(2 + 6*5))
  abcdeBgh   518 mod 4 = 2: light-squared bishop on f (b d f h); 518 div 4 = 129
  abBdeBgh   129 mod 4 = 1: dark-squared bishop on c (a c e g); 129 div 4 = 32
  abBQeBgh   32 mod 6 = 2: queen on free square 2 = d (free: a b d e g h); 32 div 6 = 5
  aNBQeBNh   5: knight pair 5 = 13 of 01 02 03 04 12 13 14 23 24 34 -> b and g (free: a b e g h)
  RNBQKBNR   rook, king, rook on the last three free squares: a e h
  RNBQKBNR   Go for it!   #518" 960 518 --verbose
run /dev/null 960 0 --verbose --lang no
[ $rc -eq 0 ] && grep -q '^  abcdefgh   0 in the mixed radix' "$tmp/out" && grep -q '^  aLcdefgh   0 mod 4 = 0' "$tmp/out" &&
    grep -q '^  LLDSSTKT   Lykke til!   #0$' "$tmp/out" && ok || bad "verbose 0 no: $(cat "$tmp/out")"
# --verbose with JSON: the derivation is a member, one string a step (rough edge: it was refused).
run /dev/null 960 518 --verbose --json
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q '^{"number":518,.*"derivation":\["abcdefgh   518 in the mixed radix 4, 4, 6, 10: .*"RNBQKBNR   rook, king, rook on the last three free squares: a e h"\]}$' "$tmp/out" &&
    ok || bad "verbose json: exit $rc $(cat "$tmp/out")"
run /dev/null 960 --double 0 959 --verbose --json
grep -q '"white_derivation":\[.*\],"black_derivation":\[' "$tmp/out" && ok || bad "double verbose json: $(cat "$tmp/out")"

# --- Double Fischer Random --------------------------------------------------------------------
expect "double" 0 "  RNBQKBNR/bbqnnrkr   Go for it!   #518/#0" 960 --double 518 0
expect "double fen" 0 "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1" 960 --double 518 0 --format fen --shredder
expect "double json" 0 '{"white_number":518,"black_number":0,"white":"RNBQKBNR","black":"bbqnnrkr","language":"no","letters":"TSLDKLST/lldsstkt","greeting":"Lykke til!","fen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","shredder_fen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAhf - 0 1"}' 960 --double 518 0 --json --lang no
expect "double map" 0 "#518/#0 a1=rl b1=nl c1=bl d1=ql e1=kl f1=bl g1=nl h1=rl a2=pl b2=pl c2=pl d2=pl e2=pl f2=pl g2=pl h2=pl a7=pd b7=pd c7=pd d7=pd e7=pd f7=pd g7=pd h7=pd a8=bd b8=bd c8=qd d8=nd e8=nd f8=rd g8=kd h8=rd" 960 --double 518 0 --format map
expect "double seed" 0 "  BQRKNNRB/qnrbbnkr   Go for it!   #675/#105
  BQRKNRNB/nbrnkrbq   Go for it!   #771/#188" 960 --double --seed 7 --count 2
run /dev/null 960 --double --seed 7 --verbose
[ $rc -eq 0 ] && grep -qx 'white, #675:' "$tmp/out" && grep -qx 'black, #105:' "$tmp/out" && [ "$(wc -l <"$tmp/out")" -eq 17 ] && ok || bad "double verbose"
"$RF" 960 --double --seed 9 --count 100 --format fen | "$RF" is960 --double >"$tmp/d"; rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^true [0-9]* [0-9]*$' "$tmp/d")" -eq 100 ] && ok || bad "double positions recognised: exit $rc"
expect "double one number" 64 "" 960 --double 518
expect "double bad number" 64 "" 960 --double 518 960

# --- usage errors: exit 64, one line on stderr ------------------------------------------------
expect "unknown lang" 64 "" 960 --lang xx
expect_err "unknown lang" "unknown language 'xx'; valid codes: no se dk is fi ee lt lv pl ir cy nl de en es fr cs hu it pt ro (also sv da et ga; any case, locales such as de_DE, names such as German or Deutsch)"
expect "number 960" 64 "" 960 960
expect_err "number 960" "'960' is not a Chess960 number (0 to 959)"
expect "number abc" 64 "" 960 abc
expect "number 1.5" 64 "" 960 1.5
expect "number negative" 64 "" 960 -- -1
expect "two numbers" 64 "" 960 1 2
expect "count 0" 64 "" 960 --count 0
expect "count x" 64 "" 960 --count x
expect "seed x" 64 "" 960 --seed x
expect "seed too big" 64 "" 960 --seed 18446744073709551616
expect "seed max" 0 "$("$RF" 960 --seed 18446744073709551615)" 960 --seed 18446744073709551615
expect "all with number" 64 "" 960 --all 5
expect "all with count" 64 "" 960 --all --count 5
expect "count with number" 64 "" 960 5 --count 2
expect "seed with number" 64 "" 960 5 --seed 2
expect "bad format" 64 "" 960 --format xml
expect "json and format" 64 "" 960 --json --format map
run /dev/null 960 --help
[ $rc -eq 0 ] && grep -q '^usage: rankfile 960' "$tmp/out" && grep -q '^examples:' "$tmp/out" && grep -q 'SplitMix64' "$tmp/out" && ok || bad "960 --help"

# --- --distinct: K different positions, at most 960 (issue 23) ---------------------------------
"$RF" 960 --seed 5 --count 960 --distinct --format fen >"$tmp/d960"; rc=$?
[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/d960")" -eq 960 ] && [ "$(sort -u "$tmp/d960" | wc -l)" -eq 960 ] && ok ||
    bad "--count 960 --distinct: exit $rc, $(sort -u "$tmp/d960" | wc -l) different"
"$RF" 960 --seed 5 --count 300 --format fen | sort -u | wc -l >"$tmp/n"
[ "$(cat "$tmp/n")" -lt 300 ] && ok || bad "seed 5 draws no repeat in 300: the --distinct test proves nothing"
# The same seed: the same positions, and the first ones those --distinct keeps.
"$RF" 960 --seed 5 --count 20 --distinct --format fen >"$tmp/a"
"$RF" 960 --seed 5 --count 20 --distinct --format fen >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && [ "$(head -1 "$tmp/a")" = "$(head -1 "$tmp/d960")" ] && ok || bad "--distinct not reproducible"
"$RF" 960 --double --seed 2 --count 500 --distinct --format fen | sort -u | wc -l >"$tmp/n"
[ "$(cat "$tmp/n")" -eq 500 ] && ok || bad "--double --distinct: $(cat "$tmp/n") different"
expect "distinct 961" 64 "" 960 --count 961 --distinct
expect_err "distinct 961" "^rankfile: 960: --count 961 --distinct: there are only 960 Chess960 setups"
expect "distinct double too many" 64 "" 960 --double --count 921601 --distinct
expect_err "distinct double too many" "there are only 921600 Double Fischer Random setups"
expect "distinct alone" 64 "" 960 --distinct
expect_err "distinct alone" "^rankfile: 960: --distinct goes with --count"
expect "distinct all" 64 "" 960 --all --distinct
expect "distinct number" 64 "" 960 518 --distinct

# --- --svg with --count: one file a position from a pattern (issue 23) --------------------------
mkdir "$tmp/svg"
run /dev/null 960 --seed 4 --count 3 --distinct --svg "$tmp/svg/round-%02d.svg"
[ $rc -eq 0 ] && [ "$(ls "$tmp/svg" | tr '\n' ' ')" = "round-01.svg round-02.svg round-03.svg " ] && ok ||
    bad "--svg pattern: exit $rc, $(ls "$tmp/svg") $(cat "$tmp/err")"
i=0
while read -r line; do
    i=$((i + 1))
    "$RF" 960 "${line##*#}" --svg - >"$tmp/one.svg"
    cmp -s "$tmp/one.svg" "$tmp/svg/round-0$i.svg" && ok || bad "round-0$i.svg is not #${line##*#}"
done <"$tmp/out"
[ "$i" -eq 3 ] && ok || bad "--svg pattern answered $i lines"
run /dev/null 960 7 --svg "$tmp/svg/100%%-%d.svg"
[ $rc -eq 0 ] && [ -f "$tmp/svg/100%-1.svg" ] && ok || bad "--svg %% and one position: $(ls "$tmp/svg")"
expect "svg count without pattern" 64 "" 960 --count 3 --svg "$tmp/svg/x.svg"
expect_err "svg count without pattern" "--svg with --count takes a pattern with %d"
expect "svg count stdout" 64 "" 960 --count 3 --svg -
expect "svg two %d" 64 "" 960 --count 3 --svg "$tmp/svg/a-%d-%d.svg"
expect_err "svg two %d" "holds 2 %d; it needs one"
expect "svg %s" 64 "" 960 --count 3 --svg "$tmp/svg/a-%s.svg"
expect_err "svg %s" "'%s' is not %d or %0Nd"
expect "svg % at the end" 64 "" 960 --count 3 --svg "$tmp/svg/a-%d%"
expect "svg %x" 64 "" 960 518 --svg "$tmp/svg/a-%x.svg"
expect "svg pattern all" 64 "" 960 --all --svg "$tmp/svg/a-%d.svg"
[ "$(ls "$tmp/svg" | wc -l)" -eq 4 ] && ok || bad "a refused pattern wrote files: $(ls "$tmp/svg")"
expect "svg pattern unwritable" 73 "" 960 --count 2 --svg "$tmp/no/such/r-%d.svg"

# --- is960 reads what 960 prints: every format, any language, Double Fischer Random (issue 23) --
for f in line map json fen; do
    for l in en de fr pl cy ee; do
        "$RF" 960 --all --format $f --lang $l 2>/dev/null | "$RF" is960 >"$tmp/answers"; rc=$?
        seq 0 959 | sed 's/^/true /' >"$tmp/want"
        [ $rc -eq 0 ] && cmp -s "$tmp/answers" "$tmp/want" && ok || bad "is960 of 960 --all --format $f --lang $l: exit $rc, $(head -2 "$tmp/answers")"
    done
    "$RF" 960 --double --seed 3 --count 50 --format $f --lang hu >"$tmp/lines"
    "$RF" 960 --double --seed 3 --count 50 --format json | sed 's/.*"white_number":\([0-9]*\),"black_number":\([0-9]*\).*/true \1 \2/' >"$tmp/want"
    "$RF" is960 --double <"$tmp/lines" >"$tmp/answers"; rc=$?
    [ $rc -eq 0 ] && cmp -s "$tmp/answers" "$tmp/want" && ok || bad "is960 --double of 960 --double --format $f: exit $rc, $(head -2 "$tmp/answers")"
done
expect "double line, not mirrored" 1 "false black's back rank bbqnnrkr does not mirror white's RNBQKBNR" is960 "  RNBQKBNR/bbqnnrkr   Go for it!   #518/#0"
expect "json line" 0 '{"input":"  TSLDKLST   Viel Glück!   #518","chess960":true,"number":518}' is960 --json "  TSLDKLST   Viel Glück!   #518"
# The greeting names the language; letters that are not its own are read in any language.
expect "greeting of another language" 0 "true 518" is960 "  TCFDRFCT   Viel Glück!   #518"
# A line whose number is not its setup's is an error, not an answer.
expect "line number wrong" 65 "" is960 "  RNBQKBNR   Go for it!   #517"
expect_err "line number wrong" "^rankfile: is960: the line says #517, but its setup is #518$"
expect "map number wrong" 65 "" is960 "$("$RF" 960 7 --format map | sed 's/^#7 /#8 /')"
expect_err "map number wrong" "^rankfile: is960: the line says #8, but its setup is #7$"
expect "double numbers wrong" 65 "" is960 --double "  RNBQKBNR/bbqnnrkr   Go for it!   #518/#1"
expect_err "double numbers wrong" "the line says #518/#1, but its setups are #518/#0$"
expect "map square bad" 65 "" is960 "#518 a1=rl b1=xl"
expect_err "map square bad" "^rankfile: is960: map square 'b1=xl' is not SQUARE=PIECE+l|d (byte 11)$"
expect "letters of no language" 65 "" is960 ABCDEFGH
expect_err "letters of no language" "^rankfile: is960: 'ABCDEFGH' are not the piece letters of any language$"
expect "not German letters" 65 "" is960 --lang german CFFTRDTC
expect_err "not German letters" "^rankfile: is960: 'CFFTRDTC' are not the piece letters of German or English$"
expect "is960 --lang English too" 0 "true 518
true 518" is960 --lang de RNBQKBNR TSLDKLST
expect "is960 lang bad" 64 "" is960 --lang xx RNBQKBNR
expect_err "is960 lang bad" "^rankfile: is960: unknown language 'xx'"
# A rank in a language's letters that is no setup: the rule it breaks.
expect "German rank, no setup" 1 "false the back rank has 3 knights and 1 rook" is960 TSLDKLSS

# --- is960: seed 000, from arguments and from stdin ---------------------------------------------
cat >"$tmp/seed" <<'EOF'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rqkbbrnn/pppppppp/8/8/8/8/PPPPPPPP/RQKBBRNN
bqrnnkrb/pppppppp/8/8/8/8/PPPPPPPP/BQRNNKRB
nrbbqnkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQNKR
bqnrnkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNRNKRB
nnqrkrbb/pppppppp/8/8/8/8/PPPPPPPP/NNQRKRBB
nnbrkqrb/pppppppp/8/8/8/8/PPPPPPPP/NNBRKQRB
nbbrnkqr/pppppppp/8/8/8/8/PPPPPPPP/NBBRNKQR
rknrnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKNRNBBQ
qnbbrknr/pppppppp/8/8/8/8/PPPPPPPP/QNBBRKNR
8/8/8/8/8/8/8/8
8/8/8/8/8/8/PPPPPPPP/RNBQKBNR
RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR
4q2k/2r1r3/4PR1p/p1p5/P1Bp1Q1P/1P6/6P1/6K1
rkbqnnbr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNNBR
qkrnbbrn/pppppppp/8/8/8/8/PPPPPPPP/QKRNBBRN
rkrbbnnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNN
QNBBRKNR/PPPPPPPP/8/8/8/8/pppppppp/qnbbrknr
EOF
cat >"$tmp/seed_answers" <<'EOF'
true 518
true 889
true 387
true 133
true 99
true 47
true 71
true 164
true 862
true 197
false empty board
false black has no pieces
false white has 16 pawns, 4 knights, 4 bishops, 4 rooks, 2 queens and 2 kings; black has no pieces
false black has 7 pawns
false black's back rank rnbkqbnr does not mirror white's RNBQKBNR
false white pawn on e4 is not on the 2nd rank
false white has 5 pawns, no knights, 1 bishop and 1 rook; black has 4 pawns, no knights and no bishops
false white's bishops on c1 and g1 stand on squares of one colour
false white's king on b1 is not between its rooks on c1 and g1
false white has 3 knights and no queen; black has 3 knights and no queen
false colours swapped: white's pawns stand on the 7th rank, black's on the 2nd
EOF
# one argument at a time: true exits 0, false exits 1
n=0
while IFS= read -r board; do
    n=$((n + 1))
    want=$(sed -n "${n}p" "$tmp/seed_answers")
    case $want in true*) want_rc=0 ;; *) want_rc=1 ;; esac
    expect "seed 000 case $n" $want_rc "$want" is960 "$board"
done <"$tmp/seed"
# all at once from stdin, and all as arguments
run "$tmp/seed" is960
[ $rc -eq 1 ] && cmp -s "$tmp/out" "$tmp/seed_answers" && [ ! -s "$tmp/err" ] && ok || bad "seed 000 stdin: exit $rc; $(diff "$tmp/out" "$tmp/seed_answers" | head -5)"
set --
while IFS= read -r board; do set -- "$@" "$board"; done <"$tmp/seed"
"$RF" is960 "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && cmp -s "$tmp/out" "$tmp/seed_answers" && ok || bad "seed 000 arguments: exit $rc"
# the same with CRLF line ends and whole FENs
sed 's/$/ w KQkq - 0 1\r/' "$tmp/seed" >"$tmp/seed_crlf"
run "$tmp/seed_crlf" is960
[ $rc -eq 1 ] && cmp -s "$tmp/out" "$tmp/seed_answers" && ok || bad "seed 000 as whole FENs with CRLF: exit $rc"

# exit statuses: 0 all true, 1 a false, 65 an error (outranks false)
expect "all true" 0 "true 518
true 0" is960 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR
expect "one false" 1 "true 518
false empty board" is960 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 8/8/8/8/8/8/8/8
expect_stdin "error in batch" 65 "false empty board
error board field: 'x' is not a piece letter or an empty-square count 1-8 (byte 0)
true 518
error board field: empty input (byte 0)" "8/8/8/8/8/8/8/8
x
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR

" is960
grep -q "^rankfile: is960: line 2: board field: 'x'" "$tmp/err" && ok || bad "batch error names its line"
# One argument: the error is said once, on stderr (issue 23: it was also answered on stdout).
expect "error argument" 65 "" is960 rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect_err "error argument" "^rankfile: is960: board field: rank 8 has 7 squares"
expect_stdin "empty stdin" 0 "" "" is960
run "$tmp" is960
[ $rc -eq 66 ] && expect_err "is960 <dir" "^rankfile: is960: cannot read standard input: Is a directory$" ||
    bad "is960 <dir: exit $rc"

# back ranks alone
expect "rank alone" 0 "true 959" is960 RKRNNQBB
expect "rank alone lower" 0 "true 0" is960 bbqnnrkr
expect "rank alone bad" 1 "false the back rank has 3 knights and no queen" is960 RKRBBNNN
expect "rank alone king" 1 "false white's king on b1 is not between its rooks on c1 and g1" is960 QKRNBBRN

# --json
expect "json true" 0 '{"input":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR","chess960":true,"number":518}' is960 --json rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect "json false" 1 '{"input":"rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR","chess960":false,"rule":"piece-count","reason":"black has 7 pawns"}' is960 --json rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect "json error" 65 '{"input":"x\"y","error":"board field: '"'"'x'"'"' is not a piece letter or an empty-square count 1-8 (byte 0)","field":"board field","offset":0}' is960 --json 'x"y'
expect "json double" 0 '{"input":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR","chess960":true,"white_number":518,"black_number":0}' is960 --json --double bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
run "$tmp/seed" is960 --json
[ $rc -eq 1 ] && [ "$(grep -c '"chess960":true' "$tmp/out")" -eq 10 ] && [ "$(grep -c '"chess960":false' "$tmp/out")" -eq 11 ] && ok || bad "json batch"

# --double
expect "double true" 0 "true 518 0" is960 --double bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect "double mirror" 0 "true 518 518" is960 --double rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect "double not mirrored" 1 "false black's back rank bbqnnrkr does not mirror white's RNBQKBNR" is960 bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
expect "double black bishops" 1 "false black's bishops on c8 and g8 stand on squares of one colour" is960 --double rkbqnnbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR

# --back-rank: the back ranks alone decide, pawns may have moved
expect "back-rank moved pawns" 0 "true 518" is960 --back-rank 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2'
expect "back-rank 960" 0 "true 133" is960 --back-rank 'nrbbqnkr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/NRBBQNKR w KQkq c6 0 2'
expect "without back-rank" 1 "false white pawn on e4 is not on the 2nd rank" is960 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2'
expect "back-rank piece moved" 1 "false g1 is empty: white's back rank is not complete" is960 --back-rank r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R
expect "back-rank double" 0 "true 518 0" is960 --back-rank --double 'bbqnnrkr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR'

# help: usage, examples, and every example with its output shown prints exactly that output
# check_examples COMMAND: runs each "  rankfile COMMAND ..." line of the help's examples that is
# followed by lines indented by four spaces, and compares its stdout with them.
check_examples() {
    "$RF" "$1" --help >"$tmp/help" || { bad "$1 --help exit status"; return; }
    grep -q "^usage: rankfile $1 " "$tmp/help" && grep -q '^examples:' "$tmp/help" && ok || bad "$1 --help text"
    rm -f "$tmp"/ex*
    awk -v c="$1" -v dir="$tmp" '
        /^examples:/ { e = 1; next }
        e && index($0, "  rankfile " c " ") == 1 {
            n++; f = sprintf("%s/ex%03d", dir, n)
            print substr($0, 3) > (f ".cmd"); printf "" > (f ".want"); next }
        e && n && /^    / { print substr($0, 5) > (f ".want"); next }
        e && /^[^ ]/ { e = 0 }' "$tmp/help"
    checked=0
    for cmdf in "$tmp"/ex*.cmd; do
        want=${cmdf%.cmd}.want
        [ -s "$want" ] || continue
        line=$(cat "$cmdf")
        eval "\"\$RF\"${line#rankfile}" >"$tmp/got" 2>/dev/null
        if cmp -s "$tmp/got" "$want"; then ok; else bad "$1 help example '$line': $(head -c 200 "$tmp/got")"; fi
        checked=$((checked + 1))
    done
    [ $checked -ge 4 ] && ok || bad "$1 help: only $checked examples with output"
}
check_examples 960
check_examples is960
expect "is960 bad option" 64 "" is960 --frobnicate

# Options with nothing to change warn (issue 12).
expect "map with lang" 0 "#518 a1=rl b1=nl c1=bl d1=ql e1=kl f1=bl g1=nl h1=rl a2=pl b2=pl c2=pl d2=pl e2=pl f2=pl g2=pl h2=pl a7=pd b7=pd c7=pd d7=pd e7=pd f7=pd g7=pd h7=pd a8=rd b8=nd c8=bd d8=qd e8=kd f8=bd g8=nd h8=rd" 960 518 --format map --lang de
expect_err "map with lang" "^rankfile: 960: warning: --format map writes English letters; --lang changes nothing$"
expect "fen with --fen" 0 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 960 518 --format fen --fen
expect_err "fen with --fen" "warning: --fen adds a FEN to the line form only"
# --shredder with JSON: both FENs are there anyway (issue 23: it passed in silence).
run /dev/null 960 518 --json --shredder
[ $rc -eq 0 ] && grep -q '"shredder_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"' "$tmp/out" && ok ||
    bad "json --shredder: exit $rc, $(cat "$tmp/out")"
expect_err "json --shredder" "^rankfile: 960: warning: --format json has both FENs (fen, shredder_fen); --shredder changes nothing$"
expect "short options cluster" 0 "  RNBQKBNR   Go for it!   #518
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 960 518 -fl en
finish
