// Passwords that appear at the top of every published breach list, plus local favourites. Compared in lower
// case, also with punctuation stripped ("P@ssw0rd!" -> "pssw0rd" is not caught, "password!" is).
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty1 111111 12345 secret 123123 1234567890 1234567
  000000 qwerty abc123 password1 iloveyou 11111111 dragon monkey 123qwe 1q2w3e4r 1qaz2wsx zaq12wsx
  qwertyuiop asdfghjkl zxcvbnm 654321 666666 121212 112233 123321 159753 987654321 88888888 87654321
  00000000 12341234 11223344 22222222 55555555 99999999 passw0rd password123 password12 password01
  admin admin123 admin1234 administrator root toor welcome welcome1 welcome123 letmein letmein123
  changeme changeme123 default guest login master master123 sunshine princess football baseball
  superman batman trustno1 starwars whatever freedom shadow michael jennifer jordan23 hello123
  qazwsx q1w2e3r4 q1w2e3r4t5 1q2w3e4r5t 1qazxsw2 asdf1234 asdfasdf qwer1234 abcd1234 abcdefgh
  aa123456 a1b2c3d4 test1234 testtest temp1234 user1234 pass1234 passpass computer internet
  indonesia indonesia1 jakarta jakarta123 bismillah bismillah123 sayang sayangku cintaku rahasia
  rahasia123 katasandi katasandi123 merdeka merdeka45 garuda garuda123 surabaya bandung123
  tms12345 transport transporter logistik logistic logistics warehouse gudang sopir driver123`
    .split(/\s+/)
    .filter(Boolean),
);
