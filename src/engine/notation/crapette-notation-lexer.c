/* crapette-notation-lexer.c: the words of the notation, and faults in them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format is described in docs/notation.md. Everything read may come from
 * a file someone sent, so the text and each line are bounded and checked here
 * before anything looks at them, and every problem becomes a #GError that
 * names the line. The words themselves (numbers, cards, pile codes) are read
 * here for the position and record readers; pile codes are written here too,
 * beside the table of letters that reads them.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-private.h"

#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"

/* Quotes of the text in messages are cut after this many characters. */
#define EXCERPT_CHARS 24

#define ASCII_ARROW "->"

G_DEFINE_QUARK (crapette-notation-error-quark, crapette_notation_error)

/* The letter of each kind of a player's own pile, in #CrapettePileKind order. */
static const char seat_pile_letters[] = { 'D', 'C', 'W', 'R' };

/* ---- Errors ---------------------------------------------------------------- */

/* Sets @error in @domain, prefixed with "Line N: " when @line is not 0. The notation's own
 * faults are in %CRAPETTE_NOTATION_ERROR (crapette_notation_set_error()); a format built on
 * its lines (a match record) reports in a domain of its own. */
G_GNUC_PRINTF (5, 6)
void
crapette_notation_set_line_error (GError      **error,
                                  GQuark        domain,
                                  int           code,
                                  guint         line,
                                  const char   *format,
                                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (line > 0)
    g_set_error (error, domain, code, _("Line %u: %s"), line, message);
  else
    g_set_error_literal (error, domain, code, message);
}

/* A quote of at most EXCERPT_CHARS characters of @text, so that a message stays
 * short however long the line it quotes. @text is valid UTF-8. */
char *
crapette_notation_excerpt (const char *text,
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
char *
crapette_notation_excerpt_word (const char *word,
                                gsize       length)
{
  return crapette_notation_excerpt (word, length > 0 ? length : strlen (word));
}

/* The name of @card as messages quote it, with its pack marker. */
char *
crapette_notation_card_name (CrapetteCard card)
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
            gsize        max_bytes,
            GError     **error)
{
  const char *invalid = NULL;
  gsize line_start = 0;
  guint line = 1;

  if (length > max_bytes)
    {
      g_autofree char *size = g_format_size (length);
      g_autofree char *limit = g_format_size (max_bytes);

      /* Translators: both are sizes such as "5.1 MB" */
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_TOO_LARGE, 0,
                                   _("The text is %s long; no record is longer than %s"),
                                   size, limit);
      return FALSE;
    }

  if (!g_utf8_validate_len (text, length, &invalid))
    {
      for (const char *p = text; p < invalid; p++)
        line += *p == '\n';
      if (*invalid == '\0')
        crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                     _("The line holds a zero byte, which no text has"));
      else
        crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                     _("The text is not valid UTF-8"));
      return FALSE;
    }

  for (gsize i = 0; i <= length; i++)
    {
      if (i < length && text[i] != '\n')
        continue;
      if (i - line_start > CRAPETTE_NOTATION_MAX_LINE_BYTES)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_TOO_LARGE, line,
                                       _("The line is longer than %d bytes"),
                                       CRAPETTE_NOTATION_MAX_LINE_BYTES);
          return FALSE;
        }
      line_start = i + 1;
      line++;
    }
  return TRUE;
}

/* Checks @text (@length may be -1 for NUL-terminated text, at most @max_bytes) and returns
 * a reader before its first line, or %NULL with @error set if the text is refused. Free it
 * with g_free(). */
CrapetteNotationLineReader *
crapette_notation_line_reader_new_bounded (const char  *text,
                                           gssize       length,
                                           gsize        max_bytes,
                                           GError     **error)
{
  CrapetteNotationLineReader *reader;

  if (length < 0)
    length = (gssize) strlen (text);
  if (!check_text (text, (gsize) length, max_bytes, error))
    return NULL;

  /* Some editors start UTF-8 files with a byte order mark. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }
  reader = g_new0 (CrapetteNotationLineReader, 1);
  reader->next = text;
  reader->end = text + length;
  reader->raw = text;
  return reader;
}

/* Checks @text (@length may be -1 for NUL-terminated text) and returns a
 * reader before its first line, or %NULL with @error set if the text is
 * refused. Free it with g_free(). */
CrapetteNotationLineReader *
crapette_notation_line_reader_new (const char  *text,
                                   gssize       length,
                                   GError     **error)
{
  return crapette_notation_line_reader_new_bounded (text, length, CRAPETTE_NOTATION_MAX_BYTES,
                                                    error);
}

/* Reads the next line that says something; FALSE at the end of the text. */
gboolean
crapette_notation_next_line (CrapetteNotationLineReader *reader)
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
      reader->raw = start;
      reader->raw_length = (gsize) (stop - start);
      for (const char *p = start; p < stop; p++)
        {
          if (*p == '#')
            {
              stop = p;
              break;
            }
        }
      while (start < stop && crapette_notation_is_blank (*start))
        start++;
      while (stop > start && crapette_notation_is_blank (stop[-1]))
        stop--;
      if (start == stop)
        continue;

      g_assert ((gsize) (stop - start) <= CRAPETTE_NOTATION_MAX_LINE_BYTES);
      memcpy (reader->line, start, stop - start);
      reader->line[stop - start] = '\0';
      return TRUE;
    }
  return FALSE;
}

/* ---- Words ----------------------------------------------------------------- */

/* Cuts the header @line ("Key: value") at its colon, in place: @line keeps the key without
 * its blanks, and *@value points at the value after its blanks. FALSE when there is no
 * colon. */
gboolean
crapette_notation_split_header (char        *line,
                                const char **value)
{
  char *colon = strchr (line, ':');

  if (colon == NULL)
    return FALSE;
  *value = crapette_notation_skip_blanks (colon + 1);
  while (colon > line && crapette_notation_is_blank (colon[-1]))
    colon--;
  *colon = '\0';
  return TRUE;
}

/* The length of the arrow (→ or ->) at @p, or 0 if there is none. */
gsize
crapette_notation_arrow_length (const char *p)
{
  if (strncmp (p, CRAPETTE_NOTATION_ARROW, strlen (CRAPETTE_NOTATION_ARROW)) == 0)
    return strlen (CRAPETTE_NOTATION_ARROW);
  if (strncmp (p, ASCII_ARROW, strlen (ASCII_ARROW)) == 0)
    return strlen (ASCII_ARROW);
  return 0;
}

/* The length of the word at @p: up to a blank, an arrow or the end. */
gsize
crapette_notation_word_length (const char *p)
{
  gsize length = 0;

  while (p[length] != '\0' && !crapette_notation_is_blank (p[length]) &&
         crapette_notation_arrow_length (p + length) == 0)
    length++;
  return length;
}

/* Whether the word at @word, @length bytes long, is @expected in any case. */
gboolean
crapette_notation_word_is (const char *word,
                           gsize       length,
                           const char *expected)
{
  return strlen (expected) == length && g_ascii_strncasecmp (word, expected, length) == 0;
}

/* Reads an unsigned decimal number of at most @max; only digits, so that "+5",
 * " 5" and "0x5" are refused rather than guessed at. */
gboolean
crapette_notation_parse_number (const char  *word,
                                gsize        length,
                                guint64      max,
                                guint        line,
                                guint64     *value,
                                GError     **error)
{
  guint64 result = 0;

  if (length == 0)
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("A number is missing"));
      return FALSE;
    }
  for (gsize i = 0; i < length; i++)
    {
      guint digit;

      if (!g_ascii_isdigit (word[i]))
        {
          g_autofree char *quote = crapette_notation_excerpt (word, length);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       _("“%s” is not a number"), quote);
          return FALSE;
        }
      digit = (guint) (word[i] - '0');
      if (result > max / 10 || (result == max / 10 && digit > max % 10))
        {
          g_autofree char *quote = crapette_notation_excerpt (word, length);
          g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                       _("The number %s is too large; it can be at most %s"),
                                       quote, limit);
          return FALSE;
        }
      result = result * 10 + digit;
    }
  *value = result;
  return TRUE;
}

/* Reads the card word at *@cursor and moves the cursor past it. A card of a hidden deal
 * nobody has seen is written "?" and its place in the deck, like ?17 (docs/notation.md,
 * "Cards nobody has seen"): it reads as that place's stand-in (crapette_card_hidden()). */
gboolean
crapette_notation_read_card (const char   **cursor,
                             guint          line,
                             CrapetteCard  *card,
                             gboolean      *pack_given,
                             GError       **error)
{
  const char *start = *cursor;
  gsize length = crapette_notation_word_length (start);
  const char *end = NULL;

  if (length >= 2 && start[0] == '?')
    {
      guint64 place;

      if (!crapette_notation_parse_number (start + 1, length - 1, CRAPETTE_MAX_CARDS - 1, line,
                                           &place, error))
        return FALSE;
      *card = crapette_card_hidden ((guint) place);
      *pack_given = TRUE;
      *cursor = crapette_notation_skip_blanks (start + length);
      return TRUE;
    }
  if (length == 0 || !crapette_card_parse (start, &end, card, pack_given) ||
      end != start + length)
    {
      g_autofree char *quote = crapette_notation_excerpt_word (start, length);

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("“%s” is not a card; cards are written like 7♦, 10♣ or K♠*"),
                                   quote);
      return FALSE;
    }
  *cursor = crapette_notation_skip_blanks (start + length);
  return TRUE;
}

/* ---- Pile codes ------------------------------------------------------------ */

/* Reads a pile code. A bare R, D, C or W is a pile of @mover, and is only
 * allowed when @mover is a seat. FALSE without an error if @word is no pile. */
gboolean
crapette_notation_lookup_pile (const CrapetteVariantOps *ops,
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
          crapette_variant_uses_pile_kind (ops, kind))
        {
          *pile = crapette_pile_of_seat (kind, seat);
          return TRUE;
        }
    }
  return FALSE;
}

/* Like crapette_notation_lookup_pile(), reading the word at *@cursor and
 * reporting a wrong code. */
gboolean
crapette_notation_read_pile (const CrapetteVariantOps  *ops,
                             const char               **cursor,
                             CrapetteSeat               mover,
                             guint                      line,
                             CrapettePileId            *pile,
                             GError                   **error)
{
  const char *start = *cursor;
  gsize length = crapette_notation_word_length (start);

  if (length == 0 || !crapette_notation_lookup_pile (ops, start, length, mover, pile))
    {
      g_autofree char *quote = crapette_notation_excerpt_word (start, length);

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("“%s” is not a pile of %s"), quote, crapette_variant_name (ops->id));
      return FALSE;
    }
  *cursor = crapette_notation_skip_blanks (start + length);
  return TRUE;
}

/* Appends the code of @pile as @mover writes it; see crapette_notation_format_pile(). */
void
crapette_notation_append_pile_code (GString                  *out,
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
  crapette_notation_append_pile_code (out, crapette_variant_ops (position->variant), pile, mover);
  return g_string_free (out, FALSE);
}

