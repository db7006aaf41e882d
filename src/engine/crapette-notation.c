/* crapette-notation.c: positions and game records written as text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format is described in docs/notation.md. Everything read here may come
 * from a file someone sent, so the reader bounds the text, each line and the
 * number of moves before it looks at anything, and reports every problem as a
 * #GError that names the line.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation.h"

#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-variant-private.h"

/* No line a person writes comes near this; it bounds the work spent on one line. */
#define MAX_LINE_BYTES 4096
/* A real round has a few thousand moves at most. */
#define MAX_RECORD_MOVES 1000000
/* Quotes of the text in messages are cut after this many characters. */
#define EXCERPT_CHARS 24

#define POSITION_TITLE "Crapette position"
#define RECORD_TITLE "Crapette record"
#define MOVES_LINE "Moves"
#define ARROW "→"
#define ASCII_ARROW "->"

G_DEFINE_QUARK (crapette-notation-error-quark, crapette_notation_error)

/* The letter of each kind of a player's own pile, in #CrapettePileKind order. */
static const char seat_pile_letters[] = { 'D', 'C', 'W', 'R' };

/* ---- Errors ---------------------------------------------------------------- */

/* Sets @error, prefixed with "Line N: " when @line is not 0. */
G_GNUC_PRINTF (4, 5)
static void
set_error (GError                **error,
           CrapetteNotationError   code,
           guint                   line,
           const char             *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (line > 0)
    g_set_error (error, CRAPETTE_NOTATION_ERROR, code, _("Line %u: %s"), line, message);
  else
    g_set_error_literal (error, CRAPETTE_NOTATION_ERROR, code, message);
}

/* A quote of at most EXCERPT_CHARS characters of @text, so that a message stays
 * short however long the line it quotes. @text is valid UTF-8. */
static char *
excerpt (const char *text,
         gsize       length)
{
  const char *cut;

  if (g_utf8_strlen (text, length) <= EXCERPT_CHARS)
    return g_strndup (text, length);
  cut = g_utf8_offset_to_pointer (text, EXCERPT_CHARS);
  return g_strdup_printf ("%.*s…", (int) (cut - text), text);
}

/* A quote of the word at @word, or of the rest of the line when the word is
 * empty, so that the player sees what stood where a word was expected. */
static char *
excerpt_word (const char *word,
              gsize       length)
{
  return excerpt (word, length > 0 ? length : strlen (word));
}

static char *
card_name (CrapetteCard card)
{
  return crapette_card_to_string (card, TRUE);
}

/* ---- Lines ----------------------------------------------------------------- */

/* Refuses, before anything is parsed, text that is too long, has too long a
 * line, holds a NUL byte or is not UTF-8. Later code may then rely on lines
 * fitting a buffer and on every quote being valid UTF-8. */
static gboolean
check_text (const char  *text,
            gsize        length,
            GError     **error)
{
  const char *invalid = NULL;
  gsize line_start = 0;
  guint line = 1;

  if (length > CRAPETTE_NOTATION_MAX_BYTES)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_TOO_LARGE, 0,
                 _("The text is %" G_GSIZE_FORMAT " bytes long; no record is longer than %d bytes"),
                 length, CRAPETTE_NOTATION_MAX_BYTES);
      return FALSE;
    }

  if (!g_utf8_validate_len (text, length, &invalid))
    {
      for (const char *p = text; p < invalid; p++)
        line += *p == '\n';
      if (*invalid == '\0')
        set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                   _("The line holds a zero byte, which no text has"));
      else
        set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                   _("The text is not valid UTF-8"));
      return FALSE;
    }

  for (gsize i = 0; i <= length; i++)
    {
      if (i < length && text[i] != '\n')
        continue;
      if (i - line_start > MAX_LINE_BYTES)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_TOO_LARGE, line,
                     _("The line is longer than %d bytes"), MAX_LINE_BYTES);
          return FALSE;
        }
      line_start = i + 1;
      line++;
    }
  return TRUE;
}

/* Walks through checked text one line at a time. Each line is copied without
 * its line end, its comment and its outer blanks, so that parsers can treat it
 * as an ordinary string. */
typedef struct
{
  const char *next;
  const char *end;
  guint number;                   /* of the line last read, from 1 */
  char line[MAX_LINE_BYTES + 1];
} LineReader;

static void
line_reader_init (LineReader *reader,
                  const char *text,
                  gsize       length)
{
  /* Some editors start UTF-8 files with a byte order mark. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  reader->next = text;
  reader->end = text + length;
  reader->number = 0;
  reader->line[0] = '\0';
}

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

static inline const char *
skip_blanks (const char *p)
{
  while (is_blank (*p))
    p++;
  return p;
}

/* Reads the next line that says something; FALSE at the end of the text. */
static gboolean
next_line (LineReader *reader)
{
  while (reader->next < reader->end)
    {
      const char *start = reader->next;
      const char *stop = memchr (start, '\n', (gsize) (reader->end - start));

      if (stop == NULL)
        stop = reader->end;
      reader->next = stop < reader->end ? stop + 1 : stop;
      reader->number++;

      if (stop > start && stop[-1] == '\r')
        stop--;
      for (const char *p = start; p < stop; p++)
        {
          if (*p == '#')
            {
              stop = p;
              break;
            }
        }
      while (start < stop && is_blank (*start))
        start++;
      while (stop > start && is_blank (stop[-1]))
        stop--;
      if (start == stop)
        continue;

      g_assert ((gsize) (stop - start) <= MAX_LINE_BYTES);
      memcpy (reader->line, start, stop - start);
      reader->line[stop - start] = '\0';
      return TRUE;
    }
  return FALSE;
}

/* ---- Words ----------------------------------------------------------------- */

static gsize
arrow_length (const char *p)
{
  if (strncmp (p, ARROW, strlen (ARROW)) == 0)
    return strlen (ARROW);
  if (strncmp (p, ASCII_ARROW, strlen (ASCII_ARROW)) == 0)
    return strlen (ASCII_ARROW);
  return 0;
}

/* The length of the word at @p: up to a blank, an arrow or the end. */
static gsize
word_length (const char *p)
{
  gsize length = 0;

  while (p[length] != '\0' && !is_blank (p[length]) && arrow_length (p + length) == 0)
    length++;
  return length;
}

static gboolean
word_is (const char *word,
         gsize       length,
         const char *expected)
{
  return strlen (expected) == length && g_ascii_strncasecmp (word, expected, length) == 0;
}

/* Reads an unsigned decimal number of at most @max; only digits, so that "+5",
 * " 5" and "0x5" are refused rather than guessed at. */
static gboolean
parse_number (const char  *word,
              gsize        length,
              guint64      max,
              guint        line,
              guint64     *value,
              GError     **error)
{
  guint64 result = 0;

  if (length == 0)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line, _("A number is missing"));
      return FALSE;
    }
  for (gsize i = 0; i < length; i++)
    {
      guint digit;

      if (!g_ascii_isdigit (word[i]))
        {
          g_autofree char *quote = excerpt (word, length);

          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     _("“%s” is not a number"), quote);
          return FALSE;
        }
      digit = (guint) (word[i] - '0');
      if (result > max / 10 || (result == max / 10 && digit > max % 10))
        {
          g_autofree char *quote = excerpt (word, length);
          g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     _("The number %s is too large; it can be at most %s"), quote, limit);
          return FALSE;
        }
      result = result * 10 + digit;
    }
  *value = result;
  return TRUE;
}

/* Reads the card word at *@cursor and moves the cursor past it. */
static gboolean
read_card (const char   **cursor,
           guint          line,
           CrapetteCard  *card,
           gboolean      *pack_given,
           GError       **error)
{
  const char *start = *cursor;
  gsize length = word_length (start);
  const char *end = NULL;

  if (length == 0 || !crapette_card_parse (start, &end, card, pack_given) ||
      end != start + length)
    {
      g_autofree char *quote = excerpt_word (start, length);

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("“%s” is not a card; cards are written like 7♦, 10♣ or K♠*"), quote);
      return FALSE;
    }
  *cursor = skip_blanks (start + length);
  return TRUE;
}

/* ---- Pile codes ------------------------------------------------------------ */

/* Reads a pile code. A bare R, D, C or W is a pile of @mover, and is only
 * allowed when @mover is a seat. FALSE without an error if @word is no pile. */
static gboolean
lookup_pile (const CrapetteVariantOps *ops,
             const char               *word,
             gsize                     length,
             CrapetteSeat              mover,
             CrapettePileId           *pile)
{
  CrapetteSeat seat = mover;
  const char *kind_letter = word;

  if (length == 2 && g_ascii_isdigit (word[1]))
    {
      char letter = g_ascii_toupper (word[0]);
      guint index = (guint) (word[1] - '1');

      if (index >= CRAPETTE_N_HOUSES)
        return FALSE;
      if (letter == ops->house_letter)
        *pile = crapette_pile_house (index);
      else if (letter == ops->foundation_letter)
        *pile = crapette_pile_foundation (index);
      else
        return FALSE;
      return TRUE;
    }

  if (length == 2)
    {
      switch (g_ascii_toupper (word[0]))
        {
        case 'S':
          seat = CRAPETTE_SOUTH;
          break;
        case 'N':
          seat = CRAPETTE_NORTH;
          break;
        default:
          return FALSE;
        }
      kind_letter = word + 1;
    }
  else if (length != 1)
    return FALSE;

  if (seat >= CRAPETTE_N_SEATS)
    return FALSE;
  for (guint kind = 0; kind < G_N_ELEMENTS (seat_pile_letters); kind++)
    {
      if (g_ascii_toupper (*kind_letter) == seat_pile_letters[kind] &&
          ops->pile_kind_names[kind] != NULL)
        {
          *pile = crapette_pile_of_seat (kind, seat);
          return TRUE;
        }
    }
  return FALSE;
}

/* Like lookup_pile(), reading the word at *@cursor and reporting a wrong code. */
static gboolean
read_pile (const CrapetteVariantOps  *ops,
           const char               **cursor,
           CrapetteSeat               mover,
           guint                      line,
           CrapettePileId            *pile,
           GError                   **error)
{
  const char *start = *cursor;
  gsize length = word_length (start);

  if (length == 0 || !lookup_pile (ops, start, length, mover, pile))
    {
      g_autofree char *quote = excerpt_word (start, length);

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("“%s” is not a pile of %s"), quote, _(ops->name));
      return FALSE;
    }
  *cursor = skip_blanks (start + length);
  return TRUE;
}

static void
append_pile_code (GString                  *out,
                  const CrapetteVariantOps *ops,
                  CrapettePileId            pile,
                  CrapetteSeat              mover)
{
  CrapettePileKind kind = crapette_pile_kind (pile);

  switch (kind)
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      g_string_append_printf (out, "%c%u", ops->house_letter, crapette_pile_index (pile) + 1);
      break;
    case CRAPETTE_PILE_KIND_FOUNDATION:
      g_string_append_printf (out, "%c%u", ops->foundation_letter, crapette_pile_index (pile) + 1);
      break;
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      if (crapette_pile_seat (pile) != mover)
        g_string_append_c (out, crapette_pile_seat (pile) == CRAPETTE_SOUTH ? 'S' : 'N');
      g_string_append_c (out, seat_pile_letters[kind]);
      break;
    }
}

/* The code of @pile in notation as @mover writes it: bare R, D, C or W for the
 * mover's own piles, seat-prefixed otherwise (always, if @mover is
 * %CRAPETTE_NO_SEAT). */
char *
crapette_notation_format_pile (const CrapettePosition *position,
                               CrapettePileId          pile,
                               CrapetteSeat            mover)
{
  GString *out;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (position->variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  out = g_string_new (NULL);
  append_pile_code (out, crapette_variant_ops (position->variant), pile, mover);
  return g_string_free (out, FALSE);
}

/* ---- Moves ----------------------------------------------------------------- */

/* The card that turning would bring up, found by turning on a copy; only
 * asked when turning is legal. */
static CrapetteCard
card_to_be_turned (const CrapettePosition *position,
                   const CrapetteMove     *turn)
{
  CrapettePosition after = *position;

  crapette_position_apply_move (&after, turn);
  return crapette_position_top (&after, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                               position->to_move));
}

/* The legal move of @kind (a turn or an end of turn), if there is one. */
static gboolean
find_plain_move (const CrapettePosition *position,
                 CrapetteMoveKind        kind,
                 CrapetteMove           *move)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (position, moves);

  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == kind)
        {
          *move = moves[i];
          return TRUE;
        }
    }
  return FALSE;
}

/* Whether @given names @actual; without a pack marker rank and suit suffice. */
static gboolean
card_matches (CrapetteCard given,
              gboolean     pack_given,
              CrapetteCard actual)
{
  if (!crapette_card_is_real (actual))
    return FALSE;
  if (pack_given)
    return given == actual;
  return given % CRAPETTE_CARDS_PER_PACK == actual % CRAPETTE_CARDS_PER_PACK;
}

static gboolean
read_turn (const CrapettePosition  *position,
           const char             **cursor,
           guint                    line,
           CrapetteMove            *move,
           GError                 **error)
{
  CrapetteCard given = CRAPETTE_CARD_NONE;
  gboolean pack_given = FALSE;

  if (**cursor != '\0' && !read_card (cursor, line, &given, &pack_given, error))
    return FALSE;

  if (!find_plain_move (position, CRAPETTE_MOVE_TURN, move))
    {
      /* Turning is not allowed here; the rules will say why. */
      move->kind = CRAPETTE_MOVE_TURN;
      move->from = CRAPETTE_NO_PILE;
      move->to = CRAPETTE_NO_PILE;
      move->card = CRAPETTE_CARD_NONE;
      return TRUE;
    }

  if (given != CRAPETTE_CARD_NONE)
    {
      CrapetteCard turned = card_to_be_turned (position, move);

      if (!card_matches (given, pack_given, turned))
        {
          g_autofree char *given_name = card_name (given);
          g_autofree char *turned_name = card_name (turned);

          set_error (error, CRAPETTE_NOTATION_ERROR_ILLEGAL, line,
                     _("The card turned up is the %s, not the %s"), turned_name, given_name);
          return FALSE;
        }
      /* The text named the card, so the move may name it too. */
      move->card = turned;
    }
  return TRUE;
}

static gboolean
read_card_move (const CrapettePosition  *position,
                const char             **cursor,
                guint                    line,
                CrapetteMove            *move,
                GError                 **error)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  CrapetteCard given = CRAPETTE_CARD_NONE;
  gboolean pack_given = FALSE;
  CrapetteCard top;
  gsize arrow;

  move->kind = CRAPETTE_MOVE_CARD;
  if (!read_pile (ops, cursor, position->to_move, line, &move->from, error))
    return FALSE;
  if (arrow_length (*cursor) == 0 && !read_card (cursor, line, &given, &pack_given, error))
    return FALSE;
  arrow = arrow_length (*cursor);
  if (arrow == 0)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("An arrow (→ or ->) must lead to the pile the card goes to"));
      return FALSE;
    }
  *cursor = skip_blanks (*cursor + arrow);
  if (!read_pile (ops, cursor, position->to_move, line, &move->to, error))
    return FALSE;

  /* The pack marker may be left out: the card on top is meant if it fits. */
  top = crapette_position_top (position, move->from);
  if (given == CRAPETTE_CARD_NONE || card_matches (given, pack_given, top))
    move->card = top;
  else
    move->card = given;
  return TRUE;
}

/* Reads one move. With @seat_required the move must start with "S:" or "N:"
 * (records); the seat, when given, must be the player to move. */
static gboolean
read_move (const CrapettePosition  *position,
           const char              *text,
           guint                    line,
           gboolean                 seat_required,
           CrapetteMove            *move,
           GError                 **error)
{
  const char *cursor = skip_blanks (text);
  CrapetteSeat mover = position->to_move;
  gsize length;

  if ((g_ascii_toupper (cursor[0]) == 'S' || g_ascii_toupper (cursor[0]) == 'N') &&
      cursor[1] == ':')
    {
      CrapetteSeat seat = g_ascii_toupper (cursor[0]) == 'S' ? CRAPETTE_SOUTH : CRAPETTE_NORTH;

      if (seat != mover)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_ILLEGAL, line, "%s",
                     mover == CRAPETTE_SOUTH ? _("It is South's turn, not North's")
                                             : _("It is North's turn, not South's"));
          return FALSE;
        }
      cursor = skip_blanks (cursor + 2);
    }
  else if (seat_required)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("A move starts with the player, like “S: R 7♦ → F3”, “N: turn” or “S: end”"));
      return FALSE;
    }

  length = word_length (cursor);
  if (word_is (cursor, length, "turn"))
    {
      cursor = skip_blanks (cursor + length);
      if (!read_turn (position, &cursor, line, move, error))
        return FALSE;
    }
  else if (word_is (cursor, length, "end"))
    {
      cursor = skip_blanks (cursor + length);
      if (!find_plain_move (position, CRAPETTE_MOVE_END_TURN, move))
        {
          move->kind = CRAPETTE_MOVE_END_TURN;
          move->from = CRAPETTE_NO_PILE;
          move->to = CRAPETTE_NO_PILE;
          move->card = CRAPETTE_CARD_NONE;
        }
    }
  else if (length == 0)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("The move is missing: write a card move like “R 7♦ → F3”, “turn” or “end”"));
      return FALSE;
    }
  else if (!read_card_move (position, &cursor, line, move, error))
    return FALSE;

  if (*cursor != '\0')
    {
      g_autofree char *quote = excerpt (cursor, strlen (cursor));

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("“%s” after the move is not understood"), quote);
      return FALSE;
    }
  return TRUE;
}

/* Reads a move written in notation, such as "S: R 7♦ → F3", "turn" or
 * "N: end", in @position. It checks what the text can check (the seat, the
 * card turned up) and fills in the cards; crapette_position_check_move() or
 * crapette_round_play() judge it by the rules. */
gboolean
crapette_notation_parse_move (const CrapettePosition  *position,
                              const char              *text,
                              CrapetteMove            *move,
                              GError                 **error)
{
  gsize length;

  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (position->variant < CRAPETTE_N_VARIANTS, FALSE);
  g_return_val_if_fail (position->to_move < CRAPETTE_N_SEATS, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  length = strlen (text);
  if (length > MAX_LINE_BYTES || !g_utf8_validate (text, length, NULL))
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, 0, _("This is not a move"));
      return FALSE;
    }
  return read_move (position, text, 0, FALSE, move, error);
}

/* Appends @move as "S: R 7♦ → F3"; @turned is the card a turn brought up. */
static void
append_move (GString                *out,
             const CrapettePosition *before,
             const CrapetteMove     *move,
             CrapetteCard            turned)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (before->variant);
  CrapetteSeat mover = before->to_move;

  g_string_append (out, mover == CRAPETTE_SOUTH ? "S: " : "N: ");
  switch (move->kind)
    {
    case CRAPETTE_MOVE_CARD:
      {
        CrapetteCard card = crapette_card_is_real (move->card)
                              ? move->card : crapette_position_top (before, move->from);

        append_pile_code (out, ops, move->from, mover);
        if (crapette_card_is_real (card))
          {
            g_autofree char *name = crapette_card_to_string (card, FALSE);

            g_string_append_printf (out, " %s", name);
          }
        g_string_append (out, " " ARROW " ");
        append_pile_code (out, ops, move->to, mover);
        break;
      }

    case CRAPETTE_MOVE_TURN:
      g_string_append (out, "turn");
      if (crapette_card_is_real (turned))
        {
          g_autofree char *name = crapette_card_to_string (turned, FALSE);

          g_string_append_printf (out, " %s", name);
        }
      break;

    case CRAPETTE_MOVE_END_TURN:
    default:
      g_string_append (out, "end");
      break;
    }
}

/* The card a turn brings up: the one the move names, or else the one on the
 * mover's turned-card pile afterwards (@after may be %NULL when unknown). */
static CrapetteCard
turned_card (const CrapettePosition *before,
             const CrapetteMove     *move,
             const CrapettePosition *after)
{
  if (move->kind != CRAPETTE_MOVE_TURN)
    return CRAPETTE_CARD_NONE;
  if (crapette_card_is_real (move->card))
    return move->card;
  if (after == NULL)
    return CRAPETTE_CARD_NONE;
  return crapette_position_top (after, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                              before->to_move));
}

/* @move in notation as the player to move in @before writes it, such as
 * "S: R 7♦ → F3" or "N: turn 5♣" (the card turned is named when the move is
 * legal or names it). */
char *
crapette_notation_format_move (const CrapettePosition *before,
                               const CrapetteMove     *move)
{
  GString *out;
  CrapetteCard turned = CRAPETTE_CARD_NONE;

  g_return_val_if_fail (before != NULL, NULL);
  g_return_val_if_fail (before->variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (before->to_move < CRAPETTE_N_SEATS, NULL);
  g_return_val_if_fail (move != NULL, NULL);
  g_return_val_if_fail (move->kind != CRAPETTE_MOVE_CARD ||
                        (move->from < CRAPETTE_N_PILES && move->to < CRAPETTE_N_PILES), NULL);

  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      turned = turned_card (before, move, NULL);
      if (turned == CRAPETTE_CARD_NONE && crapette_position_is_legal (before, move))
        turned = card_to_be_turned (before, move);
    }

  out = g_string_new (NULL);
  append_move (out, before, move, turned);
  return g_string_free (out, FALSE);
}

/* ---- Reading positions ----------------------------------------------------- */

typedef enum
{
  HEADER_VARIANT,
  HEADER_RULES,
  HEADER_DEAL,
  HEADER_ROUND,
  /* The headers above name a deal; those below describe a position in play. */
  HEADER_TO_MOVE,
  HEADER_DEALER,
  HEADER_TURN,
  HEADER_MOVE_NUMBER,
  HEADER_IDLE_TURNS,
  HEADER_PASSES,
  HEADER_MOVED,
  HEADER_PROGRESS,
  HEADER_OPENED,
  HEADER_LAID_OUT,
  HEADER_LOW_WATER,
  HEADER_REST,
  N_HEADERS
} Header;

static const char * const header_names[N_HEADERS] = {
  [HEADER_VARIANT] = "Variant",
  [HEADER_RULES] = "Rules",
  [HEADER_DEAL] = "Deal",
  [HEADER_ROUND] = "Round",
  [HEADER_TO_MOVE] = "To move",
  [HEADER_DEALER] = "Dealer",
  [HEADER_TURN] = "Turn",
  [HEADER_MOVE_NUMBER] = "Move number",
  [HEADER_IDLE_TURNS] = "Idle turns",
  [HEADER_PASSES] = "Passes",
  [HEADER_MOVED] = "Moved",
  [HEADER_PROGRESS] = "Progress",
  [HEADER_OPENED] = "Opened",
  [HEADER_LAID_OUT] = "Laid out",
  [HEADER_LOW_WATER] = "Low water",
  [HEADER_REST] = "Rest",
};

/* A position as it is being read, with where each part came from so that a
 * later check can name the line. */
typedef struct
{
  const CrapetteVariantOps *ops;
  CrapettePosition position;
  guint header_lines[N_HEADERS];
  guint pile_lines[CRAPETTE_N_PILES];
  guint card_lines[CRAPETTE_MAX_CARDS];
  CrapettePileId rest_piles[CRAPETTE_N_PILES];
  guint n_rest_piles;
} PositionReader;

static gboolean
parse_seat (const char   *value,
            CrapetteSeat *seat)
{
  if (g_ascii_strcasecmp (value, "south") == 0)
    *seat = CRAPETTE_SOUTH;
  else if (g_ascii_strcasecmp (value, "north") == 0)
    *seat = CRAPETTE_NORTH;
  else
    return FALSE;
  return TRUE;
}

static gboolean
read_seat (const char  *value,
           guint        line,
           guint8      *seat,
           GError     **error)
{
  CrapetteSeat parsed;

  if (!parse_seat (value, &parsed))
    {
      g_autofree char *quote = excerpt (value, strlen (value));

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("“%s” is not a player; write south or north"), quote);
      return FALSE;
    }
  *seat = (guint8) parsed;
  return TRUE;
}

static gboolean
read_yes_no (const char  *value,
             guint        line,
             guint8      *flag,
             GError     **error)
{
  if (g_ascii_strcasecmp (value, "yes") == 0)
    *flag = TRUE;
  else if (g_ascii_strcasecmp (value, "no") == 0)
    *flag = FALSE;
  else
    {
      g_autofree char *quote = excerpt (value, strlen (value));

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("“%s” is neither yes nor no"), quote);
      return FALSE;
    }
  return TRUE;
}

/* Reads a header value that is one number of at most @max. */
static gboolean
read_count (const char  *value,
            guint64      max,
            guint        line,
            guint64     *count,
            GError     **error)
{
  return parse_number (value, strlen (value), max, line, count, error);
}

static gboolean
read_rules (const char     *value,
            guint           line,
            CrapetteRules  *rules,
            GError        **error)
{
  const char *cursor = value;
  gboolean seen[3] = { FALSE, FALSE, FALSE };
  g_autoptr(GError) invalid = NULL;

  while (*cursor != '\0')
    {
      gsize length = word_length (cursor);
      const char *equals = memchr (cursor, '=', length);
      const char *setting = equals != NULL ? equals + 1 : NULL;
      gsize key_length = equals != NULL ? (gsize) (equals - cursor) : length;
      gsize setting_length = equals != NULL ? length - key_length - 1 : 0;
      guint key;

      if (word_is (cursor, key_length, "reserve"))
        key = 0;
      else if (word_is (cursor, key_length, "start"))
        key = 1;
      else if (word_is (cursor, key_length, "idle-turns"))
        key = 2;
      else
        {
          g_autofree char *quote = excerpt_word (cursor, key_length);

          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     _("Unknown rule “%s”; the rules are reserve, start and idle-turns"), quote);
          return FALSE;
        }
      if (seen[key])
        {
          g_autofree char *quote = excerpt (cursor, key_length);

          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     _("The rule “%s” is given twice"), quote);
          return FALSE;
        }
      seen[key] = TRUE;
      if (setting == NULL)
        {
          g_autofree char *quote = excerpt (cursor, length);

          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     _("The rule “%s” needs a value, like reserve=13"), quote);
          return FALSE;
        }

      if (key == 0)
        {
          guint64 size;

          if (!parse_number (setting, setting_length, G_MAXUINT8, line, &size, error))
            return FALSE;
          rules->reserve_size = (guint8) size;
        }
      else if (key == 1)
        {
          if (word_is (setting, setting_length, "low-card"))
            rules->first_player = CRAPETTE_FIRST_PLAYER_LOW_CARD;
          else if (word_is (setting, setting_length, "alternate"))
            rules->first_player = CRAPETTE_FIRST_PLAYER_ALTERNATE;
          else
            {
              g_autofree char *quote = excerpt_word (setting, setting_length);

              set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                         _("“%s” is not a rule for who starts; write low-card or alternate"),
                         quote);
              return FALSE;
            }
        }
      else
        {
          guint64 limit;

          if (!parse_number (setting, setting_length, G_MAXUINT16, line, &limit, error))
            return FALSE;
          rules->idle_turn_limit = (guint16) limit;
        }
      cursor = skip_blanks (cursor + length);
    }

  if (!crapette_rules_validate (rules, &invalid))
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line, "%s", invalid->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_variant (PositionReader  *reader,
              const char      *value,
              guint            line,
              GError         **error)
{
  const CrapetteVariantOps *ops = crapette_variant_ops_by_key (value);

  if (ops == NULL)
    {
      g_autofree char *quote = excerpt (value, strlen (value));

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("Unknown game “%s”; the games are russian and american"), quote);
      return FALSE;
    }
  reader->ops = ops;
  reader->position.variant = ops->id;
  /* American Bank lays out both rows in the first turns; a position written
   * without saying so is taken to be past that. */
  if (ops->id == CRAPETTE_VARIANT_AMERICAN)
    reader->position.laid_out = (1u << CRAPETTE_SOUTH) | (1u << CRAPETTE_NORTH);
  return TRUE;
}

/* Reads a list of pile codes such as "H3 H5" into @piles; "none" or nothing
 * is an empty list. */
static gboolean
read_pile_list (PositionReader  *reader,
                const char      *value,
                guint            line,
                CrapettePileId  *piles,
                guint           *n_piles,
                GError         **error)
{
  const char *cursor = value;

  *n_piles = 0;
  if (g_ascii_strcasecmp (value, "none") == 0)
    return TRUE;
  while (*cursor != '\0')
    {
      CrapettePileId pile;

      if (!read_pile (reader->ops, &cursor, CRAPETTE_NO_SEAT, line, &pile, error))
        return FALSE;
      for (guint i = 0; i < *n_piles; i++)
        {
          if (piles[i] == pile)
            {
              g_autofree char *code = crapette_notation_format_pile (&reader->position, pile,
                                                                     CRAPETTE_NO_SEAT);

              set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                         _("The pile %s is named twice"), code);
              return FALSE;
            }
        }
      g_assert (*n_piles < CRAPETTE_N_PILES);
      piles[(*n_piles)++] = pile;
    }
  return TRUE;
}

static gboolean
read_opened (PositionReader  *reader,
             const char      *value,
             guint            line,
             GError         **error)
{
  CrapettePileId piles[CRAPETTE_N_PILES];
  guint n_piles;

  if (!read_pile_list (reader, value, line, piles, &n_piles, error))
    return FALSE;
  for (guint i = 0; i < n_piles; i++)
    {
      if (crapette_pile_kind (piles[i]) != CRAPETTE_PILE_KIND_HOUSE)
        {
          g_autofree char *code = crapette_notation_format_pile (&reader->position, piles[i],
                                                                 CRAPETTE_NO_SEAT);

          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     reader->ops->id == CRAPETTE_VARIANT_AMERICAN
                       ? _("Only tableau piles can be opened, not %s")
                       : _("Only houses can be opened, not %s"),
                     code);
          return FALSE;
        }
      reader->position.opened_houses |= 1u << crapette_pile_index (piles[i]);
    }
  return TRUE;
}

static gboolean
read_laid_out (PositionReader  *reader,
               const char      *value,
               guint            line,
               GError         **error)
{
  CrapetteSeat seat;

  if (g_ascii_strcasecmp (value, "none") == 0)
    reader->position.laid_out = 0;
  else if (g_ascii_strcasecmp (value, "both") == 0)
    reader->position.laid_out = (1u << CRAPETTE_SOUTH) | (1u << CRAPETTE_NORTH);
  else if (parse_seat (value, &seat))
    reader->position.laid_out = (guint8) (1u << seat);
  else
    {
      g_autofree char *quote = excerpt (value, strlen (value));

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("“%s” does not say whose row is laid out; write none, south, north or both"),
                 quote);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_low_water (PositionReader  *reader,
                const char      *value,
                guint            line,
                GError         **error)
{
  const char *cursor = value;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      gsize length = word_length (cursor);
      guint64 count;

      if (!parse_number (cursor, length, reader->ops->n_cards, line, &count, error))
        return FALSE;
      reader->position.low_water[seat] = (guint16) count;
      cursor = skip_blanks (cursor + length);
    }
  if (*cursor != '\0')
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                 _("Low water is two numbers: South's, then North's"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_header (PositionReader  *reader,
             Header           header,
             const char      *value,
             guint            line,
             GError         **error)
{
  CrapettePosition *position = &reader->position;
  guint64 number;

  switch (header)
    {
    case HEADER_VARIANT:
      return read_variant (reader, value, line, error);
    case HEADER_RULES:
      return read_rules (value, line, &position->rules, error);
    case HEADER_DEAL:
      return read_count (value, G_MAXUINT64, line, &position->deal_number, error);
    case HEADER_ROUND:
      if (!read_count (value, G_MAXUINT8 + 1, line, &number, error))
        return FALSE;
      if (number == 0)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                     _("Rounds are counted from 1"));
          return FALSE;
        }
      position->round_index = (guint8) (number - 1);
      return TRUE;
    case HEADER_TO_MOVE:
      return read_seat (value, line, &position->to_move, error);
    case HEADER_DEALER:
      return read_seat (value, line, &position->dealer, error);
    case HEADER_TURN:
      if (!read_count (value, G_MAXUINT32, line, &number, error))
        return FALSE;
      position->turn_number = (guint32) number;
      return TRUE;
    case HEADER_MOVE_NUMBER:
      if (!read_count (value, G_MAXUINT32, line, &number, error))
        return FALSE;
      position->move_number = (guint32) number;
      return TRUE;
    case HEADER_IDLE_TURNS:
      /* Checked against the rules' limit once every header is read. */
      if (!read_count (value, CRAPETTE_IDLE_TURN_LIMIT_MAX, line, &number, error))
        return FALSE;
      position->idle_turns = (guint16) number;
      return TRUE;
    case HEADER_PASSES:
      /* Two passes in a row end the round; a round can show no more. */
      if (!read_count (value, 2, line, &number, error))
        return FALSE;
      position->passes = (guint8) number;
      return TRUE;
    case HEADER_MOVED:
      return read_yes_no (value, line, &position->moved_this_turn, error);
    case HEADER_PROGRESS:
      return read_yes_no (value, line, &position->progress_this_turn, error);
    case HEADER_OPENED:
      return read_opened (reader, value, line, error);
    case HEADER_LAID_OUT:
      return read_laid_out (reader, value, line, error);
    case HEADER_LOW_WATER:
      return read_low_water (reader, value, line, error);
    case HEADER_REST:
      return read_pile_list (reader, value, line, reader->rest_piles, &reader->n_rest_piles,
                             error);
    case N_HEADERS:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
read_pile_cards (PositionReader  *reader,
                 CrapettePileId   pile,
                 const char      *value,
                 guint            line,
                 GError         **error)
{
  CrapettePile *cards = &reader->position.piles[pile];
  const char *cursor = value;

  while (*cursor != '\0')
    {
      CrapetteCard card;
      gboolean pack_given;

      if (!read_card (&cursor, line, &card, &pack_given, error))
        return FALSE;
      if (card >= reader->ops->n_cards)
        {
          g_autofree char *name = card_name (card);

          set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                     _("There is no %s in %s, which is played with one pack"),
                     name, _(reader->ops->name));
          return FALSE;
        }
      if (reader->card_lines[card] != 0)
        {
          g_autofree char *name = card_name (card);

          set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                     _("The %s is here and also on line %u"), name, reader->card_lines[card]);
          return FALSE;
        }
      /* Unreachable while cards are unique, but a bound is cheaper than a proof. */
      if (cards->count >= CRAPETTE_PILE_CAPACITY)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                     _("A pile cannot hold more than %d cards"), CRAPETTE_PILE_CAPACITY);
          return FALSE;
        }
      reader->card_lines[card] = line;
      cards->cards[cards->count++] = card;
    }
  return TRUE;
}

static gboolean
lookup_header (const char *key,
               Header     *header)
{
  for (guint i = 0; i < N_HEADERS; i++)
    {
      if (g_ascii_strcasecmp (key, header_names[i]) == 0)
        {
          *header = i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
position_reader_init (PositionReader *reader)
{
  memset (reader, 0, sizeof *reader);
  crapette_rules_init_default (&reader->position.rules);
  reader->position.to_move = CRAPETTE_SOUTH;
  reader->position.dealer = CRAPETTE_NORTH;
  reader->position.outcome = CRAPETTE_OUTCOME_PLAYING;
  reader->position.block_reason = CRAPETTE_BLOCK_NONE;
  reader->position.winner = CRAPETTE_NO_SEAT;
}

/* Reads one "Key: value" line of a position or of a record's head. In a
 * record, sets @moves_follow at the "Moves:" line. */
static gboolean
read_position_line (PositionReader  *reader,
                    char            *line,
                    guint            number,
                    gboolean         record,
                    gboolean        *moves_follow,
                    GError         **error)
{
  char *colon = strchr (line, ':');
  const char *value;
  CrapettePileId pile;
  Header header;

  if (colon == NULL)
    {
      g_autofree char *quote = excerpt (line, strlen (line));

      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                 _("“%s” is neither a header like “Deal: 42” nor a pile like “SR: 2♣ 8♥”"),
                 quote);
      return FALSE;
    }
  /* Cut the key from its value and its blanks, in place. */
  value = skip_blanks (colon + 1);
  while (colon > line && is_blank (colon[-1]))
    colon--;
  *colon = '\0';

  if (reader->ops == NULL)
    {
      if (g_ascii_strcasecmp (line, header_names[HEADER_VARIANT]) != 0)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                     _("The game must be named first, like “Variant: russian”"));
          return FALSE;
        }
      reader->header_lines[HEADER_VARIANT] = number;
      return read_variant (reader, value, number, error);
    }

  if (record && g_ascii_strcasecmp (line, MOVES_LINE) == 0)
    {
      if (*value != '\0')
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                     _("The moves start on the line after “Moves:”"));
          return FALSE;
        }
      *moves_follow = TRUE;
      return TRUE;
    }

  if (lookup_header (line, &header))
    {
      if (reader->header_lines[header] != 0)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                     _("“%s” was already given on line %u"),
                     header_names[header], reader->header_lines[header]);
          return FALSE;
        }
      reader->header_lines[header] = number;
      return read_header (reader, header, value, number, error);
    }

  if (lookup_pile (reader->ops, line, strlen (line), CRAPETTE_NO_SEAT, &pile))
    {
      if (reader->pile_lines[pile] != 0)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                     _("The pile %s was already given on line %u"),
                     line, reader->pile_lines[pile]);
          return FALSE;
        }
      reader->pile_lines[pile] = number;
      return read_pile_cards (reader, pile, value, number, error);
    }

  {
    g_autofree char *quote = excerpt (line, strlen (line));

    set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
               _("Unknown header or pile “%s”"), quote);
    return FALSE;
  }
}

/* Puts every card not listed, in card order, round-robin at the bottom of
 * the piles named by "Rest:". */
static void
deal_rest (PositionReader *reader)
{
  CrapetteCard rest[CRAPETTE_MAX_CARDS];
  guint n_rest = 0;

  for (guint card = 0; card < reader->ops->n_cards; card++)
    {
      if (reader->card_lines[card] == 0)
        rest[n_rest++] = (CrapetteCard) card;
    }

  for (guint i = 0; i < reader->n_rest_piles; i++)
    {
      CrapettePile *pile = &reader->position.piles[reader->rest_piles[i]];
      guint n_below = (n_rest + reader->n_rest_piles - 1 - i) / reader->n_rest_piles;

      /* Every card is on the table at most once, so no pile can overflow. */
      g_assert (pile->count + n_below <= CRAPETTE_PILE_CAPACITY);
      memmove (pile->cards + n_below, pile->cards, pile->count);
      for (guint j = 0; j < n_below; j++)
        {
          CrapetteCard card = rest[i + j * reader->n_rest_piles];

          pile->cards[j] = card;
          reader->card_lines[card] = reader->header_lines[HEADER_REST];
        }
      pile->count += n_below;
    }
}

/* Checks the position read as a whole and completes what the text leaves out. */
static gboolean
finish_position (PositionReader  *reader,
                 GError         **error)
{
  CrapettePosition *position = &reader->position;
  g_autoptr(GError) broken = NULL;
  guint n_missing = 0;
  GString *missing;

  if (reader->n_rest_piles > 0)
    deal_rest (reader);

  missing = g_string_new (NULL);
  for (guint card = 0; card < reader->ops->n_cards; card++)
    {
      if (reader->card_lines[card] != 0)
        continue;
      /* Name the first few; a list of fifty cards helps nobody. */
      if (n_missing < 5)
        {
          g_autofree char *name = card_name (card);

          if (missing->len > 0)
            g_string_append (missing, ", ");
          g_string_append (missing, name);
        }
      else if (n_missing == 5)
        g_string_append (missing, ", …");
      n_missing++;
    }
  if (n_missing > 0)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, 0,
                 g_dngettext (GETTEXT_PACKAGE,
                              "The position lacks %u card: %s",
                              "The position lacks %u cards: %s",
                              n_missing),
                 n_missing, missing->str);
      g_string_free (missing, TRUE);
      return FALSE;
    }
  g_string_free (missing, TRUE);

  /* Reaching the limit ends the round, so no round can show more. */
  if (position->idle_turns > position->rules.idle_turn_limit)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, reader->header_lines[HEADER_IDLE_TURNS],
                 _("The round ends after %u idle turns, so there cannot have been %u"),
                 position->rules.idle_turn_limit, position->idle_turns);
      return FALSE;
    }

  if (reader->header_lines[HEADER_LOW_WATER] == 0)
    {
      for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
        position->low_water[seat] = (guint16) crapette_position_cards_left (position, seat);
    }

  if (!crapette_position_check_invariants (position, &broken))
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, 0,
                 _("This position cannot happen: %s"), broken->message);
      return FALSE;
    }
  return TRUE;
}

/* Reads the title line and the "Key: value" lines that follow it: a whole
 * position, or a record's head up to its "Moves:" line. */
static gboolean
read_head (LineReader      *lines,
           PositionReader  *reader,
           gboolean         record,
           GError         **error)
{
  const char *title = record ? RECORD_TITLE : POSITION_TITLE;
  gboolean moves_follow = FALSE;

  position_reader_init (reader);
  if (!next_line (lines))
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, 0,
                 record ? _("The text is empty; a record starts with “Crapette record”")
                        : _("The text is empty; a position starts with “Crapette position”"));
      return FALSE;
    }
  if (g_ascii_strcasecmp (lines->line, title) != 0)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, lines->number,
                 record ? _("A record starts with “Crapette record”")
                        : _("A position starts with “Crapette position”"));
      return FALSE;
    }

  while (!moves_follow && next_line (lines))
    {
      if (!read_position_line (reader, lines->line, lines->number, record, &moves_follow, error))
        return FALSE;
    }
  if (reader->ops == NULL)
    {
      set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, lines->number,
                 _("The game is not named; write “Variant: russian” or “Variant: american”"));
      return FALSE;
    }
  return TRUE;
}

/* Whether a record's head describes a position rather than only a deal. */
static gboolean
head_has_position (const PositionReader *reader)
{
  for (guint header = HEADER_ROUND + 1; header < N_HEADERS; header++)
    {
      if (reader->header_lines[header] != 0)
        return TRUE;
    }
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (reader->pile_lines[pile] != 0)
        return TRUE;
    }
  return FALSE;
}

/* Reads a position written as docs/notation.md describes (@length may be -1
 * for NUL-terminated text). On failure @position is left as it was and
 * @error names the line at fault. */
gboolean
crapette_notation_parse_position (const char        *text,
                                  gssize             length,
                                  CrapettePosition  *position,
                                  GError           **error)
{
  g_autofree LineReader *lines = NULL;
  g_autofree PositionReader *reader = NULL;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (length < 0)
    length = (gssize) strlen (text);
  if (!check_text (text, (gsize) length, error))
    return FALSE;

  lines = g_new (LineReader, 1);
  reader = g_new (PositionReader, 1);
  line_reader_init (lines, text, (gsize) length);
  if (!read_head (lines, reader, FALSE, error) || !finish_position (reader, error))
    return FALSE;

  *position = reader->position;
  return TRUE;
}

/* Reads a record of a round and plays its moves (@length may be -1 for
 * NUL-terminated text). Returns %NULL with @error naming the line if the text
 * is malformed or a move breaks the rules. */
CrapetteRound *
crapette_notation_parse_round (const char  *text,
                               gssize       length,
                               GError     **error)
{
  g_autofree LineReader *lines = NULL;
  g_autofree PositionReader *reader = NULL;
  g_autoptr(CrapetteRound) round = NULL;
  guint n_moves = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (text);
  if (!check_text (text, (gsize) length, error))
    return NULL;

  lines = g_new (LineReader, 1);
  reader = g_new (PositionReader, 1);
  line_reader_init (lines, text, (gsize) length);
  if (!read_head (lines, reader, TRUE, error))
    return NULL;

  if (head_has_position (reader))
    {
      if (!finish_position (reader, error))
        return NULL;
      round = crapette_round_new_from_position (&reader->position, FALSE);
    }
  else
    {
      round = crapette_round_new_deal (reader->ops->id, &reader->position.rules,
                                       reader->position.deal_number,
                                       reader->position.round_index);
    }

  while (next_line (lines))
    {
      g_autoptr(GError) refusal = NULL;
      CrapetteMove move;

      if (n_moves >= MAX_RECORD_MOVES)
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_TOO_LARGE, lines->number,
                     _("A record holds at most %d moves"), MAX_RECORD_MOVES);
          return NULL;
        }
      if (!read_move (crapette_round_get_position (round), lines->line, lines->number, TRUE,
                      &move, error))
        return NULL;
      if (!crapette_round_play (round, &move, &refusal))
        {
          set_error (error, CRAPETTE_NOTATION_ERROR_ILLEGAL, lines->number,
                     "%s", refusal->message);
          return NULL;
        }
      n_moves++;
    }
  return g_steal_pointer (&round);
}

/* ---- Writing --------------------------------------------------------------- */

static const char *
seat_word (guint seat)
{
  return seat == CRAPETTE_SOUTH ? "south" : "north";
}

static const char *
seat_title (guint seat)
{
  return seat == CRAPETTE_SOUTH ? "South" : "North";
}

static const char *
yes_no (gboolean flag)
{
  return flag ? "yes" : "no";
}

static void
append_deal_headers (GString                *out,
                     const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  const CrapetteRules *rules = &position->rules;

  g_string_append_printf (out, "Variant: %s\n", ops->key);
  g_string_append_printf (out, "Rules: reserve=%u start=%s idle-turns=%u\n",
                          rules->reserve_size,
                          rules->first_player == CRAPETTE_FIRST_PLAYER_ALTERNATE ? "alternate"
                                                                                : "low-card",
                          rules->idle_turn_limit);
  g_string_append_printf (out, "Deal: %" G_GUINT64_FORMAT "\n", position->deal_number);
  g_string_append_printf (out, "Round: %u\n", position->round_index + 1u);
}

static void
append_play_headers (GString                *out,
                     const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  static const char * const laid_out_words[] = { "none", "south", "north", "both" };

  g_string_append_printf (out, "To move: %s\n", seat_word (position->to_move));
  g_string_append_printf (out, "Dealer: %s\n", seat_word (position->dealer));
  g_string_append_printf (out, "Turn: %u\n", position->turn_number);
  g_string_append_printf (out, "Move number: %u\n", position->move_number);
  g_string_append_printf (out, "Idle turns: %u\n", position->idle_turns);
  g_string_append_printf (out, "Passes: %u\n", position->passes);
  g_string_append_printf (out, "Moved: %s\n", yes_no (position->moved_this_turn));
  g_string_append_printf (out, "Progress: %s\n", yes_no (position->progress_this_turn));

  g_string_append (out, "Opened:");
  if (position->opened_houses == 0)
    g_string_append (out, " none");
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      if (position->opened_houses & (1u << i))
        g_string_append_printf (out, " %c%u", ops->house_letter, i + 1);
    }
  g_string_append_c (out, '\n');

  g_string_append_printf (out, "Laid out: %s\n", laid_out_words[position->laid_out & 3]);
  g_string_append_printf (out, "Low water: %u %u\n", position->low_water[CRAPETTE_SOUTH],
                          position->low_water[CRAPETTE_NORTH]);
}

static void
append_pile_line (GString                *out,
                  const CrapettePosition *position,
                  CrapettePileId          pile)
{
  const CrapettePile *cards = &position->piles[pile];

  append_pile_code (out, crapette_variant_ops (position->variant), pile, CRAPETTE_NO_SEAT);
  g_string_append_c (out, ':');
  for (guint i = 0; i < cards->count; i++)
    {
      g_autofree char *name = crapette_card_is_real (cards->cards[i])
                                ? crapette_card_to_string (cards->cards[i], TRUE)
                                : g_strdup ("?");

      g_string_append_printf (out, " %s", name);
    }
  g_string_append_c (out, '\n');
}

/* Every pile, bottom to top: each player's piles and the houses even when
 * empty, so that a reader sees the whole table; foundations once started. */
static void
append_piles (GString                *out,
              const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  static const CrapettePileKind seat_kinds[] = {
    CRAPETTE_PILE_KIND_STOCK, CRAPETTE_PILE_KIND_TURNED,
    CRAPETTE_PILE_KIND_WASTE, CRAPETTE_PILE_KIND_RESERVE
  };

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      g_string_append_c (out, '\n');
      for (guint k = 0; k < G_N_ELEMENTS (seat_kinds); k++)
        {
          CrapettePileId pile = crapette_pile_of_seat (seat_kinds[k], seat);

          if (ops->pile_kind_names[seat_kinds[k]] != NULL || position->piles[pile].count > 0)
            append_pile_line (out, position, pile);
        }
    }

  g_string_append_c (out, '\n');
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    append_pile_line (out, position, crapette_pile_house (i));

  for (guint i = 0, written = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    {
      CrapettePileId pile = crapette_pile_foundation (i);

      if (position->piles[pile].count == 0)
        continue;
      if (written++ == 0)
        g_string_append_c (out, '\n');
      append_pile_line (out, position, pile);
    }
}

/* @position in notation, every header and pile written, such that
 * crapette_notation_parse_position() gives it back. A finished round is
 * written as the position on the table; it reads back as a round in play. */
char *
crapette_notation_format_position (const CrapettePosition *position)
{
  GString *out;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (position->variant < CRAPETTE_N_VARIANTS, NULL);

  out = g_string_new (POSITION_TITLE "\n");
  append_deal_headers (out, position);
  append_play_headers (out, position);
  append_piles (out, position);
  return g_string_free (out, FALSE);
}

/* A comment for a person reading the record; readers skip it. */
static void
append_result (GString                *out,
               const CrapettePosition *position)
{
  CrapetteRoundResult result;

  if (position->outcome == CRAPETTE_OUTCOME_PLAYING)
    return;

  crapette_position_score (position, &result);
  g_string_append (out, "\n# Result: ");
  if (position->outcome == CRAPETTE_OUTCOME_BLOCKED)
    {
      switch (position->block_reason)
        {
        case CRAPETTE_BLOCK_REPETITION:
          g_string_append (out, "blocked, a position came up three times; ");
          break;
        case CRAPETTE_BLOCK_PASSES:
          g_string_append (out, "blocked, both players passed; ");
          break;
        case CRAPETTE_BLOCK_IDLE_TURNS:
          g_string_append (out, "blocked, too many turns without progress; ");
          break;
        case CRAPETTE_BLOCK_NONE:
        default:
          g_string_append (out, "blocked; ");
          break;
        }
    }
  if (result.winner < CRAPETTE_N_SEATS)
    g_string_append_printf (out, "%s wins %u point%s", seat_title (result.winner),
                            result.points, result.points == 1 ? "" : "s");
  else
    g_string_append (out, "a draw");
  g_string_append_printf (out, " (cards left: South %u, North %u)\n",
                          result.counts[CRAPETTE_SOUTH], result.counts[CRAPETTE_NORTH]);
}

/* @round in notation: its deal (or start position), every move, and the
 * result as a comment once the round is over. */
char *
crapette_notation_format_round (const CrapetteRound *round)
{
  const CrapettePosition *start;
  CrapettePosition position;
  gboolean replaying = TRUE;
  GString *out;

  g_return_val_if_fail (round != NULL, NULL);

  start = crapette_round_get_start (round);
  out = g_string_new (RECORD_TITLE "\n");
  append_deal_headers (out, start);
  if (!crapette_round_is_from_deal (round))
    {
      append_play_headers (out, start);
      append_piles (out, start);
    }
  g_string_append (out, "\n" MOVES_LINE ":\n");

  /* The round keeps only the moves, so the positions between them, which
   * say whose piles are whose, are found by playing the moves again. */
  position = *start;
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);
      CrapettePosition before = position;

      if (replaying && crapette_position_is_legal (&position, move))
        crapette_position_apply_move (&position, move);
      else if (replaying)
        {
          g_warning ("Move %u of the round is not legal when played again", i + 1);
          replaying = FALSE;
        }
      append_move (out, &before, move, turned_card (&before, move, replaying ? &position : NULL));
      g_string_append_c (out, '\n');
    }

  append_result (out, crapette_round_get_position (round));
  return g_string_free (out, FALSE);
}
