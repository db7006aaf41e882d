/* crapette-notation-position.c: a position as text, read and written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position is a title, "Key: value" headers and one line per pile
 * (docs/notation.md, "Positions"). The head of a round record is written the
 * same way, so it is read and written here too; the moves that follow it
 * belong to crapette-notation-record.c.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-card.h"

#define POSITION_TITLE "Crapette position"
#define RECORD_TITLE "Crapette record"
#define MOVES_LINE "Moves"

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
  HEADER_STOCK_SEEN,
  HEADER_RESERVE_SEEN,
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
  [HEADER_STOCK_SEEN] = "Stock seen",
  [HEADER_RESERVE_SEEN] = "Reserve seen",
  [HEADER_LOW_WATER] = "Low water",
  [HEADER_REST] = "Rest",
};

/* The words of "Laid out:" and "Stock seen:", indexed by a set of seats. */
static const char * const seat_set_words[] = { "none", "south", "north", "both" };
G_STATIC_ASSERT (CRAPETTE_SOUTH == 0 && CRAPETTE_NORTH == 1);

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
      g_autofree char *quote = crapette_notation_excerpt (value, strlen (value));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
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
      g_autofree char *quote = crapette_notation_excerpt (value, strlen (value));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
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
  return crapette_notation_parse_number (value, strlen (value), max, line, count, error);
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
      g_autofree char *quote = crapette_notation_excerpt (value, strlen (value));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   _("Unknown game “%s”; the games are russian and american"),
                                   quote);
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

      if (!crapette_notation_read_pile (reader->ops, &cursor, CRAPETTE_NO_SEAT, line, &pile, error))
        return FALSE;
      for (guint i = 0; i < *n_piles; i++)
        {
          if (piles[i] == pile)
            {
              g_autofree char *code = crapette_notation_format_pile (&reader->position, pile,
                                                                     CRAPETTE_NO_SEAT);

              crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
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

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
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

/* "Laid out:" and "Stock seen:" both name a set of seats: whose tableau row
 * is laid out, and whose stock is their waste turned over, so that its order
 * is known to both (crapette_view_init_known()). */
static gboolean
read_seat_set (const char  *value,
               guint        line,
               Header       header,
               guint8      *seats,
               GError     **error)
{
  g_autofree char *quote = NULL;

  for (guint set = 0; set < G_N_ELEMENTS (seat_set_words); set++)
    {
      if (g_ascii_strcasecmp (value, seat_set_words[set]) == 0)
        {
          *seats = (guint8) set;
          return TRUE;
        }
    }

  quote = crapette_notation_excerpt (value, strlen (value));
  if (header == HEADER_LAID_OUT)
    crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                 _("“%s” does not say whose row is laid out; "
                                   "write none, south, north or both"),
                                 quote);
  else
    crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                 _("“%s” does not say whose stock is a turned-over waste; "
                                   "write none, south, north or both"),
                                 quote);
  return FALSE;
}

/* "Low water:" and "Reserve seen:" are both a number for each player, at
 * most the cards of the game. */
static gboolean
read_seat_numbers (PositionReader  *reader,
                   const char      *value,
                   guint            line,
                   Header           header,
                   guint64          numbers[CRAPETTE_N_SEATS],
                   GError         **error)
{
  const char *cursor = value;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      gsize length = crapette_notation_word_length (cursor);

      if (!crapette_notation_parse_number (cursor, length, reader->ops->n_cards, line,
                                           &numbers[seat], error))
        return FALSE;
      cursor = crapette_notation_skip_blanks (cursor + length);
    }
  if (*cursor != '\0')
    {
      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
                                   header == HEADER_LOW_WATER
                                     ? _("Low water is two numbers: South's, then North's")
                                     : _("Reserve seen is two numbers: South's, then North's"));
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
      return crapette_notation_read_rules (value, line, &position->rules, error);
    case HEADER_DEAL:
      return read_count (value, G_MAXUINT64, line, &position->deal_number, error);
    case HEADER_ROUND:
      if (!read_count (value, G_MAXUINT8 + 1, line, &number, error))
        return FALSE;
      if (number == 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, line,
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
      return read_seat_set (value, line, header, &position->laid_out, error);
    case HEADER_STOCK_SEEN:
      return read_seat_set (value, line, header, &position->stock_seen, error);
    case HEADER_RESERVE_SEEN:
    case HEADER_LOW_WATER:
      {
        guint64 numbers[CRAPETTE_N_SEATS];

        if (!read_seat_numbers (reader, value, line, header, numbers, error))
          return FALSE;
        for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
          {
            if (header == HEADER_LOW_WATER)
              position->low_water[seat] = (guint16) numbers[seat];
            else
              position->reserve_seen[seat] = (guint8) numbers[seat];
          }
        return TRUE;
      }
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

      if (!crapette_notation_read_card (&cursor, line, &card, &pack_given, error))
        return FALSE;
      if (card >= reader->ops->n_cards)
        {
          g_autofree char *name = crapette_notation_card_name (card);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("There is no %s in %s, which is played with one pack"),
                                       name, crapette_variant_name (reader->ops->id));
          return FALSE;
        }
      if (reader->card_lines[card] != 0)
        {
          g_autofree char *name = crapette_notation_card_name (card);

          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("The %s is here and also on line %u"),
                                       name, reader->card_lines[card]);
          return FALSE;
        }
      /* Unreachable while cards are unique, but a bound is cheaper than a proof. */
      if (cards->count >= CRAPETTE_PILE_CAPACITY)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_INVALID, line,
                                       _("A pile cannot hold more than %d cards"),
                                       CRAPETTE_PILE_CAPACITY);
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
      g_autofree char *quote = crapette_notation_excerpt (line, strlen (line));

      crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                   _("“%s” is neither a header like “Deal: 42” "
                                     "nor a pile like “SR: 2♣ 8♥”"),
                                   quote);
      return FALSE;
    }
  /* Cut the key from its value and its blanks, in place. */
  value = crapette_notation_skip_blanks (colon + 1);
  while (colon > line && crapette_notation_is_blank (colon[-1]))
    colon--;
  *colon = '\0';

  if (reader->ops == NULL)
    {
      if (g_ascii_strcasecmp (line, header_names[HEADER_VARIANT]) != 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
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
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
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
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                       _("“%s” was already given on line %u"),
                                       header_names[header], reader->header_lines[header]);
          return FALSE;
        }
      reader->header_lines[header] = number;
      return read_header (reader, header, value, number, error);
    }

  if (crapette_notation_lookup_pile (reader->ops, line, strlen (line), CRAPETTE_NO_SEAT, &pile))
    {
      if (reader->pile_lines[pile] != 0)
        {
          crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
                                       _("The pile %s was already given on line %u"),
                                       line, reader->pile_lines[pile]);
          return FALSE;
        }
      reader->pile_lines[pile] = number;
      return read_pile_cards (reader, pile, value, number, error);
    }

  {
    g_autofree char *quote = crapette_notation_excerpt (line, strlen (line));

    crapette_notation_set_error (error, CRAPETTE_NOTATION_ERROR_SYNTAX, number,
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
  const char *title = record ? RECORD_TITLE : POSITION_TITLE;
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

/* ---- Writing --------------------------------------------------------------- */

static const char *
seat_word (guint seat)
{
  return seat == CRAPETTE_SOUTH ? "south" : "north";
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
  g_autofree char *rules = crapette_notation_format_rules (&position->rules);

  g_string_append_printf (out, "Variant: %s\n", ops->key);
  g_string_append_printf (out, "Rules: %s\n", rules);
  g_string_append_printf (out, "Deal: %" G_GUINT64_FORMAT "\n", position->deal_number);
  g_string_append_printf (out, "Round: %u\n", position->round_index + 1u);
}

static void
append_play_headers (GString                *out,
                     const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);

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

  g_string_append_printf (out, "Laid out: %s\n", seat_set_words[position->laid_out & 3]);
  g_string_append_printf (out, "Stock seen: %s\n", seat_set_words[position->stock_seen & 3]);
  g_string_append_printf (out, "Reserve seen: %u %u\n", position->reserve_seen[CRAPETTE_SOUTH],
                          position->reserve_seen[CRAPETTE_NORTH]);
  g_string_append_printf (out, "Low water: %u %u\n", position->low_water[CRAPETTE_SOUTH],
                          position->low_water[CRAPETTE_NORTH]);
}

static void
append_pile_line (GString                *out,
                  const CrapettePosition *position,
                  CrapettePileId          pile)
{
  const CrapettePile *cards = &position->piles[pile];

  crapette_notation_append_pile_code (out, crapette_variant_ops (position->variant), pile,
                                      CRAPETTE_NO_SEAT);
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

          if (crapette_variant_uses_pile_kind (ops, seat_kinds[k]) || position->piles[pile].count > 0)
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

/* Appends @position as a position, or with @record as a record's head up to
 * its "Moves:" line, such that crapette_notation_read_head() gives it back;
 * with @deal_only a record's head names only the deal. */
void
crapette_notation_append_head (GString                *out,
                               const CrapettePosition *position,
                               gboolean                record,
                               gboolean                deal_only)
{
  g_string_append (out, record ? RECORD_TITLE "\n" : POSITION_TITLE "\n");
  append_deal_headers (out, position);
  if (!deal_only)
    {
      append_play_headers (out, position);
      append_piles (out, position);
    }
  if (record)
    g_string_append (out, "\n" MOVES_LINE ":\n");
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

  out = g_string_new (NULL);
  crapette_notation_append_head (out, position, FALSE, FALSE);
  return g_string_free (out, FALSE);
}

