/* crapette-notation-position-read.c: a position read from text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position is a title, "Key: value" headers and one line per pile
 * (docs/notation.md, "Positions"). The head of a round record is written the
 * same way, so it is read here too; the moves that follow it belong to
 * crapette-notation-record.c. crapette-notation-position-write.c writes both.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-position-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"

/* Takes @card, read on @line, as given: a card of the game not given before, or the
 * stand-in for a place of its deck not given before (docs/notation.md, "Cards nobody has
 * seen"). */
static gboolean
take_card (PositionReader  *reader,
           CrapetteCard     card,
           guint            line,
           GError         **error)
{
  guint *given;

  if (crapette_card_is_hidden (card))
    {
      guint place = crapette_card_hidden_index (card);

      if (place >= reader->ops->n_cards)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("There is no place %u in a deck of %u cards"),
                                       place, reader->ops->n_cards);
          return FALSE;
        }
      given = &reader->stand_in_lines[place];
      if (*given != 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("The unseen card ?%u is here and also on line %u"),
                                       place, *given);
          return FALSE;
        }
    }
  else if (card >= reader->ops->n_cards)
    {
      g_autofree char *name = crapette_notation_card_name (card);

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                   _("There is no %s in %s, which is played with one pack"),
                                   name, crapette_variant_name (reader->ops->id));
      return FALSE;
    }
  else
    {
      given = &reader->card_lines[card];
      if (*given != 0)
        {
          g_autofree char *name = crapette_notation_card_name (card);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("The %s is here and also on line %u"), name, *given);
          return FALSE;
        }
    }
  *given = line;
  return TRUE;
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

      if (!crapette_notation_read_card (&cursor, line, &card, &pack_given, error) ||
          !take_card (reader, card, line, error))
        return FALSE;
      /* Unreachable while cards are unique, but a bound is cheaper than a proof. */
      if (cards->count >= CRAPETTE_PILE_CAPACITY)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("A pile cannot hold more than %d cards"),
                                       CRAPETTE_PILE_CAPACITY);
          return FALSE;
        }
      cards->cards[cards->count++] = card;
    }
  return TRUE;
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
/* A "Key: value" line of a known game that names a header or a pile. */
static gboolean
read_header_or_pile (PositionReader  *reader,
                     const char      *key,
                     const char      *value,
                     guint            number,
                     GError         **error)
{
  CrapettePileId pile;
  Header header;

  if (crapette_notation_lookup_header (key, &header))
    {
      if (reader->header_lines[header] != 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                       _("“%s” was already given on line %u"),
                                       crapette_notation_header_names[header], reader->header_lines[header]);
          return FALSE;
        }
      reader->header_lines[header] = number;
      return crapette_notation_read_header (reader, header, value, number, error);
    }

  if (crapette_notation_lookup_pile (reader->ops, key, strlen (key), CRAPETTE_NO_SEAT, &pile))
    {
      if (reader->pile_lines[pile] != 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                       _("The pile %s was already given on line %u"),
                                       key, reader->pile_lines[pile]);
          return FALSE;
        }
      reader->pile_lines[pile] = number;
      return read_pile_cards (reader, pile, value, number, error);
    }

  {
    g_autofree char *quote = crapette_notation_excerpt (key, strlen (key));

    crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                 _("Unknown header or pile “%s”"), quote);
    return FALSE;
  }
}

static gboolean
read_position_line (PositionReader  *reader,
                    char            *line,
                    guint            number,
                    gboolean         record,
                    gboolean        *moves_follow,
                    GError         **error)
{
  const char *value;

  if (!crapette_notation_split_header (line, &value))
    {
      g_autofree char *quote = crapette_notation_excerpt (line, strlen (line));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                   _("“%s” is neither a header like “Deal: 42” "
                                     "nor a pile like “SR: 2♣ 8♥”"),
                                   quote);
      return FALSE;
    }
  if (reader->ops == NULL)
    {
      if (g_ascii_strcasecmp (line, crapette_notation_header_names[HEADER_VARIANT]) != 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                       _("The game must be named first, like “Variant: russian”"));
          return FALSE;
        }
      reader->header_lines[HEADER_VARIANT] = number;
      return crapette_notation_read_header (reader, HEADER_VARIANT, value, number, error);
    }

  if (record && g_ascii_strcasecmp (line, CRAPETTE_NOTATION_MOVES_LINE) == 0)
    {
      if (*value != '\0')
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                       _("The moves start on the line after “Moves:”"));
          return FALSE;
        }
      *moves_follow = TRUE;
      return TRUE;
    }

  return read_header_or_pile (reader, line, value, number, error);
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
  guint n_missing = 0, n_stand_ins = 0;
  GString *missing;

  if (reader->n_rest_piles > 0)
    deal_rest (reader);

  /* A card nobody has seen in a hidden deal stands in for one of its pack's cards not on
   * the table (crapette_position_check_invariants() checks each pack's count). */
  for (guint place = 0; place < reader->ops->n_cards; place++)
    if (reader->stand_in_lines[place] != 0)
      n_stand_ins++;

  missing = g_string_new (NULL);
  for (guint card = 0; card < reader->ops->n_cards && n_stand_ins == 0; card++)
    {
      if (reader->card_lines[card] != 0)
        continue;
      /* Name the first few; a list of fifty cards helps nobody. */
      if (n_missing < 5)
        {
          g_autofree char *name = crapette_notation_card_name (card);

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
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, 0,
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
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID,
                                   reader->header_lines[HEADER_IDLE_TURNS],
                                   _("The round ends after %u idle turns, "
                                     "so there cannot have been %u"),
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
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, 0,
                                   _("This position cannot happen: %s"), broken->message);
      return FALSE;
    }
  return TRUE;
}

/* Reads the title line and the "Key: value" lines that follow it: a whole
 * position, or a record's head up to its "Moves:" line. */
static gboolean
read_head_lines (CrapetteNotationLineReader  *lines,
                 PositionReader              *reader,
                 gboolean                     record,
                 GError                     **error)
{
  const char *title = record ? CRAPETTE_NOTATION_RECORD_TITLE : CRAPETTE_NOTATION_POSITION_TITLE;
  gboolean moves_follow = FALSE;

  position_reader_init (reader);
  if (!crapette_notation_next_line (lines))
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, 0,
                                   record ? _("The text is empty; "
                                              "a record starts with “Crapette record”")
                                          : _("The text is empty; "
                                              "a position starts with “Crapette position”"));
      return FALSE;
    }
  if (g_ascii_strcasecmp (lines->line, title) != 0)
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, lines->number,
                                   record ? _("A record starts with “Crapette record”")
                                          : _("A position starts with “Crapette position”"));
      return FALSE;
    }

  while (!moves_follow && crapette_notation_next_line (lines))
    {
      if (!read_position_line (reader, lines->line, lines->number, record, &moves_follow, error))
        return FALSE;
    }
  if (reader->ops == NULL)
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, lines->number,
                                   _("The game is not named; "
                                     "write “Variant: russian” or “Variant: american”"));
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

/* Reads a position, or with @record a record's head up to its "Moves:" line,
 * from @lines into @position. A record may name only its deal: then
 * *@deal_only is set and @position holds only the variant, the rules, the
 * deal and the round. @position is left as it was on failure. */
gboolean
crapette_notation_read_head (CrapetteNotationLineReader  *lines,
                             gboolean                     record,
                             CrapettePosition            *position,
                             gboolean                    *deal_only,
                             GError                     **error)
{
  g_autofree PositionReader *reader = g_new (PositionReader, 1);
  gboolean whole_position;

  if (!read_head_lines (lines, reader, record, error))
    return FALSE;
  whole_position = !record || head_has_position (reader);
  if (whole_position && !finish_position (reader, error))
    return FALSE;

  *position = reader->position;
  if (deal_only != NULL)
    *deal_only = !whole_position;
  return TRUE;
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
  g_autofree CrapetteNotationLineReader *lines = NULL;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  lines = crapette_notation_line_reader_new (text, length, error);
  return lines != NULL && crapette_notation_read_head (lines, FALSE, position, NULL, error);
}
