/* test-names.c: the vocabulary written once — enum types, their nicks in the settings, and
 * the names people read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs with the memory settings backend and the schema compiled into the build folder, so
 * the enums are checked against the very schema the game installs.
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "crapette-description.h"
#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-names.h"
#include "crapette-notation.h"
#include "crapette-pile-description.h"
#include "crapette-player.h"
#include "crapette-player-names.h"
#include "crapette-card.h"
#include "crapette-view-private.h"

/* Every settings key stored as the nick of an engine enum. */
static const struct
{
  const char *key;
  GType (*get_type) (void);
} enum_keys[] = {
  { "variant", crapette_variant_get_type },
  { "opponent", crapette_opponent_get_type },
  { "first-player", crapette_first_player_get_type },
  { "mistakes", crapette_mistakes_get_type },
  { "animation-speed", crapette_speed_get_type },
  { "computer-speed", crapette_speed_get_type },
};

/* ---- A small object with one enum property, to bind to the settings ---------- */

#define TEST_TYPE_HOLDER (test_holder_get_type ())
G_DECLARE_FINAL_TYPE (TestHolder, test_holder, TEST, HOLDER, GObject)

struct _TestHolder
{
  GObject parent_instance;
  int value;
};

G_DEFINE_FINAL_TYPE (TestHolder, test_holder, G_TYPE_OBJECT)

static GType holder_enum_type;

static void
test_holder_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  g_value_set_enum (value, TEST_HOLDER (object)->value);
}

static void
test_holder_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  TestHolder *self = TEST_HOLDER (object);

  if (self->value != g_value_get_enum (value))
    {
      self->value = g_value_get_enum (value);
      g_object_notify_by_pspec (object, pspec);
    }
}

static void
test_holder_class_init (TestHolderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  g_autoptr(GEnumClass) enum_class = g_type_class_ref (holder_enum_type);

  object_class->get_property = test_holder_get_property;
  object_class->set_property = test_holder_set_property;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_enum ("value", NULL, NULL, holder_enum_type,
                                                      enum_class->values[0].value,
                                                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY));
}

static void
test_holder_init (TestHolder *self)
{
}

/* ---- The enums and the settings ---------------------------------------------- */

/* The schema lists exactly the enum's nicks, and each stored nick reads back as the
 * enum's value: saved settings keep their meaning. */
static void
test_enums_match_schema (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autoptr(GSettingsSchema) schema = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (enum_keys); i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, enum_keys[i].key);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr(GVariant) nicks = NULL;
      g_autoptr(GEnumClass) enum_class = g_type_class_ref (enum_keys[i].get_type ());
      const char *range_type;
      g_autofree const char **schema_nicks = NULL;
      gsize n_schema_nicks;

      g_variant_get (range, "(&sv)", &range_type, &nicks);
      g_assert_cmpstr (range_type, ==, "enum");
      schema_nicks = g_variant_get_strv (nicks, &n_schema_nicks);
      g_assert_cmpuint (n_schema_nicks, ==, enum_class->n_values);
      for (guint v = 0; v < enum_class->n_values; v++)
        {
          const GEnumValue *value = &enum_class->values[v];
          g_autofree char *stored = NULL;

          g_assert_cmpstr (schema_nicks[v], ==, value->value_nick);
          g_assert_true (g_settings_set_string (settings, enum_keys[i].key, value->value_nick));
          g_assert_cmpint (g_settings_get_enum (settings, enum_keys[i].key), ==, value->value);
          g_assert_true (g_settings_set_enum (settings, enum_keys[i].key, value->value));
          stored = g_settings_get_string (settings, enum_keys[i].key);
          g_assert_cmpstr (crapette_enum_to_nick (enum_keys[i].get_type (), value->value), ==,
                           stored);
        }
      g_settings_reset (settings, enum_keys[i].key);
    }
}

/* An enum property bound with g_settings_bind() follows the key both ways, through the nicks. */
static void
test_enums_bind (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autoptr(GEnumClass) enum_class = NULL;
  TestHolder *holder;

  /* The holder's property is an opponent: the key whose nicks differ most from C names. */
  holder_enum_type = CRAPETTE_TYPE_OPPONENT;
  enum_class = g_type_class_ref (holder_enum_type);
  holder = g_object_new (TEST_TYPE_HOLDER, NULL);
  g_settings_bind (settings, "opponent", holder, "value", G_SETTINGS_BIND_DEFAULT);

  for (guint v = 0; v < enum_class->n_values; v++)
    {
      g_autofree char *stored = NULL;

      g_settings_set_string (settings, "opponent", enum_class->values[v].value_nick);
      g_assert_cmpint (holder->value, ==, enum_class->values[v].value);

      g_object_set (holder, "value", enum_class->values[(v + 1) % enum_class->n_values].value,
                    NULL);
      stored = g_settings_get_string (settings, "opponent");
      g_assert_cmpstr (stored, ==, enum_class->values[(v + 1) % enum_class->n_values].value_nick);
    }
  g_settings_reset (settings, "opponent");
  g_assert_cmpint (holder->value, ==, CRAPETTE_OPPONENT_COMPUTER_MEDIUM);
  g_assert_finalize_object (holder);
}

/* The game's and the match's properties are typed with the enums. */
static void
test_properties_are_enums (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  CrapetteRules rules;
  CrapetteOpponent opponent;
  CrapetteVariant variant;

  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property (
                   G_OBJECT_GET_CLASS (game), "variant")) == CRAPETTE_TYPE_VARIANT);
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property (
                   G_OBJECT_GET_CLASS (game), "current-player")) == CRAPETTE_TYPE_SEAT);
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (g_object_class_find_property (
                   G_OBJECT_GET_CLASS (game), "phase")) == CRAPETTE_TYPE_OUTCOME);

  crapette_rules_init_default (&rules);
  match = crapette_match_new (game, CRAPETTE_VARIANT_AMERICAN, &rules, 3, 5);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_HARD, "", "");
  g_object_get (match, "opponent", &opponent, "variant", &variant, NULL);
  g_assert_cmpint (opponent, ==, CRAPETTE_OPPONENT_COMPUTER_HARD);
  g_assert_cmpint (variant, ==, CRAPETTE_VARIANT_AMERICAN);
}

/* Every value goes to its nick and back; a word that is no nick is refused. */
static void
test_nicks_round_trip (void)
{
  static GType (* const types[]) (void) = {
    crapette_variant_get_type, crapette_seat_get_type, crapette_opponent_get_type,
    crapette_outcome_get_type, crapette_speed_get_type, crapette_first_player_get_type,
  };
  int value = -1;

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr(GEnumClass) enum_class = g_type_class_ref (types[i] ());

      for (guint v = 0; v < enum_class->n_values; v++)
        {
          const char *nick = crapette_enum_to_nick (types[i] (), enum_class->values[v].value);

          g_assert_true (crapette_enum_from_nick (types[i] (), nick, &value));
          g_assert_cmpint (value, ==, enum_class->values[v].value);
        }
    }
  g_assert_cmpstr (crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT, CRAPETTE_OPPONENT_TWO_PLAYERS),
                   ==, "two-players");
  g_assert_cmpstr (crapette_enum_to_nick (CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_AMERICAN), ==,
                   "american");
  g_assert_null (crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT, CRAPETTE_N_OPPONENTS));
  value = -1;
  g_assert_false (crapette_enum_from_nick (CRAPETTE_TYPE_OPPONENT, "computer-grandmaster",
                                           &value));
  g_assert_false (crapette_enum_from_nick (CRAPETTE_TYPE_OPPONENT, NULL, &value));
  g_assert_cmpint (value, ==, -1);
}

/* ---- The names people read ---------------------------------------------------- */

/* Each pile of each game has one name of its own, and a move is described with it. */
static void
test_pile_names (void)
{
  static const struct
  {
    CrapetteVariant variant;
    CrapettePileId pile;
    const char *name;
  } expected[] = {
    { CRAPETTE_VARIANT_RUSSIAN, 6, "South’s reserve" },
    { CRAPETTE_VARIANT_RUSSIAN, 5, "North’s waste pile" },
    { CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_FIRST_HOUSE + 2, "House 3" },
    { CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_FIRST_FOUNDATION + 7, "Foundation 8" },
    { CRAPETTE_VARIANT_AMERICAN, 0, "South’s hand" },
    { CRAPETTE_VARIANT_AMERICAN, 3, "North’s card in hand" },
    { CRAPETTE_VARIANT_AMERICAN, 5, "North’s talon" },
    { CRAPETTE_VARIANT_AMERICAN, CRAPETTE_FIRST_HOUSE + 4, "Tableau pile 5" },
    { CRAPETTE_VARIANT_AMERICAN, CRAPETTE_FIRST_FOUNDATION + 1, "Completed sequence 2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *name = crapette_pile_name (expected[i].variant, expected[i].pile);

      g_assert_cmpstr (name, ==, expected[i].name);
    }

  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
        {
          char *name = crapette_pile_name (variant, pile);

          /* American Bank has no reserves; their slots keep Russian Bank's names. */
          if (variant == CRAPETTE_VARIANT_AMERICAN &&
              crapette_pile_kind (pile) == CRAPETTE_PILE_KIND_RESERVE)
            {
              g_free (name);
              continue;
            }
          g_assert_cmpuint (strlen (name), >, 0);
          g_assert_true (g_hash_table_add (seen, name));
        }
    }
}

/* How a move in words names a pile: a player's own pile by its name, a house by what the table
 * shows of it (no house has a number on the table): "a house" when a card leaves it, "the
 * Eight of Clubs" or "an empty house" when a card goes there, "a foundation". */
static char *
expected_place (CrapetteGame   *game,
                CrapettePileId  pile,
                gboolean        target)
{
  const CrapettePosition *view = crapette_view_get_position (crapette_game_get_view (game));
  CrapetteCard top = crapette_position_top (view, pile);

  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      if (!target)
        return g_strdup ("a house");
      if (!crapette_card_is_real (top))
        return g_strdup ("an empty house");
      {
        g_autofree char *card = crapette_card_spoken_name (top);

        return g_strdup_printf ("the %s", card);
      }
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return g_strdup ("a foundation");
    default:
      return crapette_pile_name (CRAPETTE_VARIANT_RUSSIAN, pile);
    }
}

/* The move descriptions name piles as the table shows them, so the table and the log agree. */
static void
test_description_uses_pile_names (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  CrapetteRules rules;
  gsize n_moves;
  const CrapetteMove *moves;
  guint described = 0;

  crapette_rules_init_default (&rules);
  crapette_game_deal (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 12, 0);
  moves = crapette_game_get_legal_moves (game, &n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      g_autofree char *sentence = crapette_game_describe_move (game, &moves[i]);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (moves[i].kind != CRAPETTE_MOVE_CARD)
        continue;
      from = expected_place (game, moves[i].from, FALSE);
      to = expected_place (game, moves[i].to, TRUE);
      g_assert_nonnull (strstr (sentence, from));
      g_assert_nonnull (strstr (sentence, to));
      g_assert_nonnull (strstr (sentence, crapette_seat_name (crapette_game_get_current_player (game))));
      g_assert_null (strstr (sentence, "House"));
      described++;
    }
  g_assert_cmpuint (described, >, 0);
}

/* Each opponent has its own name and short name, and the computer levels make players. */
static void
test_opponent_names (void)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) short_names = g_hash_table_new (g_str_hash, g_str_equal);

  for (CrapetteOpponent opponent = 0; opponent < CRAPETTE_N_OPPONENTS; opponent++)
    {
      const char *kind = crapette_opponent_player_kind (opponent);

      g_assert_true (g_hash_table_add (names, (gpointer) crapette_opponent_name (opponent)));
      g_assert_true (g_hash_table_add (short_names,
                                       (gpointer) crapette_opponent_short_name (opponent)));
      if (opponent == CRAPETTE_OPPONENT_TWO_PLAYERS)
        {
          g_assert_null (kind);
        }
      else
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(CrapettePlayer) player = crapette_player_new (kind, 1, &error);

          g_assert_no_error (error);
          g_assert_cmpstr (crapette_player_get_kind (player), ==, kind);
        }
    }
  g_assert_cmpstr (crapette_opponent_name (CRAPETTE_OPPONENT_COMPUTER_EASY), ==,
                   "Computer, easy");
  g_assert_cmpstr (crapette_opponent_short_name (CRAPETTE_OPPONENT_TWO_PLAYERS), ==,
                   "Two People");
  g_assert_cmpstr (crapette_variant_name (CRAPETTE_VARIANT_AMERICAN), ==, "American Bank");
  g_assert_cmpstr (crapette_seat_name (CRAPETTE_NORTH), ==, "North");
  g_assert_cmpstr (crapette_seat_name (CRAPETTE_NO_SEAT), ==, "Nobody");
}

/* ---- One name for each player -------------------------------------------------- */

/* Against the computer the person is "You" and the computer "Computer (level)"; two people
 * are South and North; a name given wins over both. */
static void
test_player_names (void)
{
  static const struct
  {
    CrapetteOpponent opponent;
    CrapetteSeat seat;
    const char *given;
    const char *name;
    CrapettePlayerPerson person;
  } expected[] = {
    { CRAPETTE_OPPONENT_COMPUTER_MEDIUM, CRAPETTE_SOUTH, "", "You", CRAPETTE_PLAYER_YOU },
    { CRAPETTE_OPPONENT_COMPUTER_EASY, CRAPETTE_SOUTH, NULL, "You", CRAPETTE_PLAYER_YOU },
    { CRAPETTE_OPPONENT_COMPUTER_EASY, CRAPETTE_NORTH, "", "Computer (Easy)",
      CRAPETTE_PLAYER_COMPUTER },
    { CRAPETTE_OPPONENT_COMPUTER_MEDIUM, CRAPETTE_NORTH, NULL, "Computer (Medium)",
      CRAPETTE_PLAYER_COMPUTER },
    { CRAPETTE_OPPONENT_COMPUTER_HARD, CRAPETTE_NORTH, "", "Computer (Hard)",
      CRAPETTE_PLAYER_COMPUTER },
    { CRAPETTE_OPPONENT_COMPUTER_HARD, CRAPETTE_SOUTH, "Zoé", "Zoé", CRAPETTE_PLAYER_NAMED },
    { CRAPETTE_OPPONENT_COMPUTER_HARD, CRAPETTE_NORTH, "Hal", "Hal", CRAPETTE_PLAYER_NAMED },
    { CRAPETTE_OPPONENT_TWO_PLAYERS, CRAPETTE_SOUTH, "", "South", CRAPETTE_PLAYER_SEAT },
    { CRAPETTE_OPPONENT_TWO_PLAYERS, CRAPETTE_NORTH, NULL, "North", CRAPETTE_PLAYER_SEAT },
    { CRAPETTE_OPPONENT_TWO_PLAYERS, CRAPETTE_NORTH, "Boris", "Boris", CRAPETTE_PLAYER_NAMED },
  };
  CrapettePlayerNames names = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (crapette_player_name (expected[i].opponent, expected[i].seat,
                                             expected[i].given), ==, expected[i].name);
      g_assert_cmpint (crapette_player_person (expected[i].opponent, expected[i].seat,
                                               expected[i].given), ==, expected[i].person);
      g_assert_true (crapette_player_is_you (expected[i].opponent, expected[i].seat,
                                             expected[i].given) ==
                     (expected[i].person == CRAPETTE_PLAYER_YOU));
    }

  /* The set of both seats, as the game keeps it, names them alike. */
  crapette_player_names_clear (&names);
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_SOUTH), ==, "South");
  g_assert_cmpstr (crapette_player_names_get (NULL, CRAPETTE_NORTH), ==, "North");
  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, NULL, "");
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_SOUTH), ==, "You");
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_NORTH), ==, "Computer (Medium)");
  crapette_player_names_clear (&names);
  g_assert_null (names.given[CRAPETTE_SOUTH]);
  g_assert_cmpint (names.opponent, ==, CRAPETTE_OPPONENT_TWO_PLAYERS);
}

static void
assert_pile_name (const CrapettePlayerNames *names,
                  CrapetteVariant            variant,
                  CrapettePileId             pile,
                  const char                *expected)
{
  g_autofree char *name = crapette_player_pile_name (names, variant, pile);

  g_assert_cmpstr (name, ==, expected);
}

/* A player's own piles carry the player's one name; the shared piles have numbers. */
static void
test_player_pile_names (void)
{
  CrapettePlayerNames names = { 0 };
  CrapetteVariant russian = CRAPETTE_VARIANT_RUSSIAN;
  CrapetteVariant american = CRAPETTE_VARIANT_AMERICAN;

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, "", "");
  assert_pile_name (&names, russian, crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                            CRAPETTE_SOUTH), "your reserve");
  assert_pile_name (&names, russian, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE,
                                                            CRAPETTE_NORTH),
                    "the computer’s waste pile");
  assert_pile_name (&names, american, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE,
                                                             CRAPETTE_SOUTH), "your talon");
  assert_pile_name (&names, american, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                             CRAPETTE_NORTH),
                    "the computer’s hand");
  assert_pile_name (&names, russian, crapette_pile_house (2), "House 3");
  assert_pile_name (&names, american, crapette_pile_foundation (0), "Completed sequence 1");

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_HARD, "Anna", "");
  assert_pile_name (&names, russian, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                            CRAPETTE_SOUTH), "Anna’s stock");
  assert_pile_name (&names, american, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                             CRAPETTE_SOUTH),
                    "Anna’s card in hand");

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_TWO_PLAYERS, "", "");
  assert_pile_name (&names, russian, crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                            CRAPETTE_NORTH), "North’s reserve");
  assert_pile_name (NULL, russian, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                                          CRAPETTE_SOUTH), "South’s turned card");
  crapette_player_names_clear (&names);
}

/* With the other player on another machine, the person at this screen is "You", with "your"
 * piles, whichever seat they play and whatever name they gave; the friend keeps their name.
 * The game keeps who plays elsewhere when a match names the players again. */
static void
test_remote_player_names (void)
{
  CrapettePlayerNames names = { 0 };
  g_autoptr (CrapetteGame) game = crapette_game_new ();
  const CrapettePlayerNames *players;

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_TWO_PLAYERS, "Ana", "Boris");
  g_assert_cmpint (crapette_player_names_get_remote (&names), ==, CRAPETTE_NO_SEAT);
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_NORTH), ==, "Boris");
  crapette_player_names_set_remote (&names, CRAPETTE_SOUTH);
  g_assert_cmpint (crapette_player_names_get_remote (&names), ==, CRAPETTE_SOUTH);
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_NORTH), ==, "You");
  g_assert_cmpint (crapette_player_names_person (&names, CRAPETTE_NORTH), ==, CRAPETTE_PLAYER_YOU);
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_SOUTH), ==, "Ana");
  g_assert_cmpint (crapette_player_names_person (&names, CRAPETTE_SOUTH), ==,
                   CRAPETTE_PLAYER_NAMED);
  assert_pile_name (&names, CRAPETTE_VARIANT_RUSSIAN,
                    crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH),
                    "your reserve");
  assert_pile_name (&names, CRAPETTE_VARIANT_AMERICAN,
                    crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH),
                    "Ana’s talon");
  crapette_player_names_set_remote (&names, CRAPETTE_NORTH);
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_SOUTH), ==, "You");
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_NORTH), ==, "Boris");
  crapette_player_names_clear (&names);
  g_assert_cmpint (crapette_player_names_get_remote (&names), ==, CRAPETTE_NO_SEAT);

  crapette_game_set_remote_player (game, CRAPETTE_NORTH);
  crapette_game_set_players (game, CRAPETTE_OPPONENT_TWO_PLAYERS, "Ana", "Boris");
  players = crapette_game_get_players (game);
  g_assert_cmpstr (crapette_player_names_get (players, CRAPETTE_SOUTH), ==, "You");
  g_assert_cmpstr (crapette_player_names_get (players, CRAPETTE_NORTH), ==, "Boris");
  crapette_game_set_remote_player (game, CRAPETTE_NO_SEAT);
  g_assert_cmpstr (crapette_player_names_get (players, CRAPETTE_SOUTH), ==, "Ana");
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* A move in words is a whole sentence for the person spoken to and for anyone else, with the
 * names the game was given through its match. */
static void
test_description_by_person (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  CrapetteRules rules;
  CrapettePosition view;
  CrapetteMove load = { CRAPETTE_MOVE_CARD, 0, 0, CRAPETTE_CARD_UNKNOWN };
  CrapetteMove turn = { CRAPETTE_MOVE_TURN, 0, 0, CRAPETTE_CARD_UNKNOWN };
  CrapetteMove end = { CRAPETTE_MOVE_END_TURN, 0, 0, CRAPETTE_CARD_UNKNOWN };
  g_autofree char *card = NULL;
  g_autofree char *yours = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *house = NULL;
  guint changes = 0;

  crapette_rules_init_default (&rules);
  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 0, 7);
  g_signal_connect_swapped (game, "players-changed", G_CALLBACK (count_cb), &changes);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, "", "");
  g_assert_cmpuint (changes, ==, 1);
  crapette_game_deal (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 12, 0);
  view = *crapette_view_get_position (crapette_game_get_view (game));

  /* You load the computer's waste from your reserve. */
  view.to_move = CRAPETTE_SOUTH;
  load.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  load.to = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_NORTH);
  card = crapette_card_spoken_name (crapette_position_top (&view, load.from));
  sentence = crapette_describe_move_by (&view, &load, crapette_game_get_players (game));
  expected = g_strdup_printf ("You play the %s from your reserve to the computer’s waste pile.",
                              card);
  g_assert_cmpstr (sentence, ==, expected);
  g_clear_pointer (&sentence, g_free);
  sentence = crapette_describe_move_by (&view, &turn, crapette_game_get_players (game));
  g_assert_cmpstr (sentence, ==, "You turn the top card of your stock.");
  g_clear_pointer (&sentence, g_free);
  sentence = crapette_describe_move_by (&view, &end, crapette_game_get_players (game));
  g_assert_cmpstr (sentence, ==, "You end your turn.");
  g_clear_pointer (&sentence, g_free);

  /* The computer plays to a house, in the third person. */
  view.to_move = CRAPETTE_NORTH;
  load.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH);
  load.to = crapette_pile_house (1);
  house = expected_place (game, load.to, TRUE);
  g_clear_pointer (&card, g_free);
  card = crapette_card_spoken_name (crapette_position_top (&view, load.from));
  sentence = crapette_describe_move_by (&view, &load, crapette_game_get_players (game));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Computer (Medium) plays the %s from the computer’s reserve to "
                              "%s.", card, house);
  g_assert_cmpstr (sentence, ==, expected);
  g_clear_pointer (&sentence, g_free);
  sentence = crapette_describe_move_by (&view, &end, crapette_game_get_players (game));
  g_assert_cmpstr (sentence, ==, "Computer (Medium) ends the turn.");
  g_clear_pointer (&sentence, g_free);

  /* The move history's lines name no player: its turn heading does. */
  sentence = crapette_describe_move_line (&view, &load, crapette_game_get_players (game));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("%s from the computer’s reserve to %s.", card, house);
  g_assert_cmpstr (sentence, ==, expected);
  g_clear_pointer (&sentence, g_free);
  sentence = crapette_describe_move_line (&view, &turn, crapette_game_get_players (game));
  g_assert_cmpstr (sentence, ==, "Turned the top card of the stock.");
  g_clear_pointer (&sentence, g_free);
  sentence = crapette_describe_move_line (&view, &end, crapette_game_get_players (game));
  g_assert_cmpstr (sentence, ==, "Ended the turn.");
  g_clear_pointer (&sentence, g_free);

  /* Names given win, for both; the game says the same as the function. */
  crapette_match_set_players (match, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, "Anna", "Hal");
  g_assert_cmpuint (changes, ==, 2);
  sentence = crapette_describe_move_by (&view, &load, crapette_game_get_players (game));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Hal plays the %s from Hal’s reserve to %s.", card, house);
  g_assert_cmpstr (sentence, ==, expected);
  g_clear_pointer (&sentence, g_free);
  view.to_move = CRAPETTE_SOUTH;
  sentence = crapette_describe_move_by (&view, &turn, crapette_game_get_players (game));
  g_assert_cmpstr (sentence, ==, "Anna turns the top card of the stock.");
}

/* A pile's accessible name names its owner as everything else does: "Your reserve" against the
 * computer, by seat between two people with no names, by the name given. */
static void
test_pile_description_names_owner (void)
{
  static const char position_text[] =
    "Crapette position\nVariant: russian\nTo move: south\n\n"
    "SR: 8♦\nNR: 3♣*\nH1: 9♣\nNW: 9♦*\nRest: SD ND\n";
  CrapettePlayerNames names = { 0 };
  CrapettePosition position;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteView) view = NULL;
  CrapettePileId south_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  CrapettePileId north_waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_NORTH);
  char *text;

  g_assert_true (crapette_notation_parse_position (position_text, -1, &position, &error));
  g_assert_no_error (error);
  view = crapette_view_new (&position);

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, NULL, NULL);
  text = crapette_describe_pile (view, south_reserve, &names);
  g_assert_cmpstr (text, ==, "Your reserve, 1 card, top card Eight of Diamonds");
  g_free (text);
  text = crapette_describe_pile (view, north_waste, &names);
  g_assert_cmpstr (text, ==, "The computer’s waste pile, 1 card, top card Nine of Diamonds");
  g_free (text);
  text = crapette_describe_pile (view, crapette_pile_house (0), &names);
  g_assert_cmpstr (text, ==, "House 1, 1 card, top card Nine of Clubs");
  g_free (text);

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_TWO_PLAYERS, NULL, NULL);
  text = crapette_describe_pile (view, south_reserve, &names);
  g_assert_cmpstr (text, ==, "South’s reserve, 1 card, top card Eight of Diamonds");
  g_free (text);
  text = crapette_describe_pile (view, south_reserve, NULL);
  g_assert_cmpstr (text, ==, "South’s reserve, 1 card, top card Eight of Diamonds");
  g_free (text);

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_TWO_PLAYERS, "Anna", "Hal");
  text = crapette_describe_pile (view, north_waste, &names);
  g_assert_cmpstr (text, ==, "Hal’s waste pile, 1 card, top card Nine of Diamonds");
  g_free (text);
  crapette_player_names_clear (&names);
}

/* A hint is advice to the player to move, whoever they are, naming piles as the table shows
 * them: their own piles are "your", the opponent's by the opponent's one name. */
static void
test_hint_wording (void)
{
  static const char position_text[] =
    "Crapette position\nVariant: russian\nTo move: south\n\n"
    "SR: 8♦\nNR: 3♣*\nH1: 9♣\nH2: 7♠*\nNW: 9♦*\nRest: SD ND\n";
  CrapettePlayerNames names = { 0 };
  CrapettePosition position;
  g_autoptr(GError) error = NULL;
  CrapetteMove onto_house = { CRAPETTE_MOVE_CARD, 0, 0, CRAPETTE_CARD_NONE };
  CrapetteMove load = { CRAPETTE_MOVE_CARD, 0, 0, CRAPETTE_CARD_NONE };
  CrapetteMove turn = { CRAPETTE_MOVE_TURN, 0, 0, CRAPETTE_CARD_NONE };
  CrapetteMove end = { CRAPETTE_MOVE_END_TURN, 0, 0, CRAPETTE_CARD_NONE };
  g_autofree char *hint = NULL;

  g_assert_true (crapette_notation_parse_position (position_text, -1, &position, &error));
  g_assert_no_error (error);
  onto_house.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  onto_house.to = crapette_pile_house (0);
  load.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  load.to = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_NORTH);

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, NULL, NULL);
  hint = crapette_describe_hint (&position, &onto_house, &names);
  g_assert_cmpstr (hint, ==,
                   "Hint: put the Eight of Diamonds from your reserve onto the Nine of Clubs.");
  g_clear_pointer (&hint, g_free);
  hint = crapette_describe_hint (&position, &load, &names);
  g_assert_cmpstr (hint, ==, "Hint: put the Eight of Diamonds from your reserve onto the "
                   "computer’s waste pile.");
  g_clear_pointer (&hint, g_free);
  hint = crapette_describe_hint (&position, &turn, &names);
  g_assert_cmpstr (hint, ==, "Hint: turn the top card of your stock.");
  g_clear_pointer (&hint, g_free);
  hint = crapette_describe_hint (&position, &end, &names);
  g_assert_cmpstr (hint, ==, "Hint: nothing more to play, so end your turn.");
  g_clear_pointer (&hint, g_free);

  /* Between two people the one to move is "you" too; the other keeps their seat's name. */
  crapette_player_names_set (&names, CRAPETTE_OPPONENT_TWO_PLAYERS, NULL, NULL);
  hint = crapette_describe_hint (&position, &load, &names);
  g_assert_cmpstr (hint, ==, "Hint: put the Eight of Diamonds from your reserve onto North’s "
                   "waste pile.");
  g_clear_pointer (&hint, g_free);
  /* Onto an empty house, from a house. */
  onto_house.from = crapette_pile_house (1);
  onto_house.to = crapette_pile_house (4);
  hint = crapette_describe_hint (&position, &onto_house, &names);
  g_assert_cmpstr (hint, ==, "Hint: put the Seven of Spades from a house onto an empty house.");
  crapette_player_names_clear (&names);
}

/* ---- The rule options: one reader, one writer ---------------------------------- */

static gboolean
rules_equal (const CrapetteRules *a,
             const CrapetteRules *b)
{
  return a->reserve_size == b->reserve_size && a->first_player == b->first_player &&
         a->idle_turn_limit == b->idle_turn_limit;
}

/* Every combination of options is written and read back as it was. */
static void
test_rules_round_trip (void)
{
  static const guint8 reserves[] = { 12, 13 };
  static const guint16 limits[] = { 10, 50, 500 };
  CrapetteRules defaults;
  g_autofree char *default_text = NULL;

  crapette_rules_init_default (&defaults);
  default_text = crapette_notation_format_rules (&defaults);
  g_assert_cmpstr (default_text, ==, "reserve=13 start=low-card idle-turns=50");

  for (guint r = 0; r < G_N_ELEMENTS (reserves); r++)
    for (guint f = CRAPETTE_FIRST_PLAYER_LOW_CARD; f <= CRAPETTE_FIRST_PLAYER_ALTERNATE; f++)
      for (guint l = 0; l < G_N_ELEMENTS (limits); l++)
        {
          CrapetteRules rules = { reserves[r], f, limits[l] };
          CrapetteRules read = defaults;
          g_autofree char *text = crapette_notation_format_rules (&rules);
          g_autoptr(GError) error = NULL;

          g_assert_true (crapette_notation_parse_rules (text, &read, &error));
          g_assert_no_error (error);
          g_assert_true (rules_equal (&read, &rules));
        }
}

/* An option not named keeps its value; words are read whatever their case and spacing. */
static void
test_rules_partial (void)
{
  CrapetteRules rules;
  g_autoptr(GError) error = NULL;

  crapette_rules_init_default (&rules);
  g_assert_true (crapette_notation_parse_rules ("  START=Alternate\t", &rules, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rules.first_player, ==, CRAPETTE_FIRST_PLAYER_ALTERNATE);
  g_assert_cmpuint (rules.reserve_size, ==, 13);
  g_assert_cmpuint (rules.idle_turn_limit, ==, 50);
  g_assert_true (crapette_notation_parse_rules ("", &rules, &error));
  g_assert_cmpuint (rules.first_player, ==, CRAPETTE_FIRST_PLAYER_ALTERNATE);

  g_assert_true (crapette_notation_set_rule (&rules, "reserve", "12", &error));
  g_assert_true (crapette_notation_set_rule (&rules, "idle-turns", "77", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rules.reserve_size, ==, 12);
  g_assert_cmpuint (rules.idle_turn_limit, ==, 77);
}

/* Wrong options are refused with a message, and leave the rules as they were. */
static void
test_rules_refused (void)
{
  static const struct
  {
    const char *text;
    CrapetteNotationError code;
    const char *message;
  } wrong[] = {
    { "reserve=13 colour=red", CRAPETTE_NOTATION_ERROR_SYNTAX, "Unknown rule “colour”" },
    { "reserve=12 reserve=13", CRAPETTE_NOTATION_ERROR_SYNTAX, "The rule “reserve” is given twice" },
    { "reserve", CRAPETTE_NOTATION_ERROR_SYNTAX, "The rule “reserve” needs a value" },
    { "reserve=", CRAPETTE_NOTATION_ERROR_SYNTAX, "A number is missing" },
    { "reserve=+5", CRAPETTE_NOTATION_ERROR_SYNTAX, "“+5” is not a number" },
    { "start=random", CRAPETTE_NOTATION_ERROR_SYNTAX, "“random” is not a rule for who starts" },
    { "reserve=14", CRAPETTE_NOTATION_ERROR_INVALID, "The reserve holds 12 or 13 cards" },
    { "idle-turns=5", CRAPETTE_NOTATION_ERROR_INVALID, "The limit of turns" },
    { "reserve=12 idle-turns=501", CRAPETTE_NOTATION_ERROR_INVALID, "The limit of turns" },
  };
  CrapetteRules defaults;

  crapette_rules_init_default (&defaults);
  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    {
      CrapetteRules rules = defaults;
      g_autoptr(GError) error = NULL;

      g_assert_false (crapette_notation_parse_rules (wrong[i].text, &rules, &error));
      g_assert_error (error, CRAPETTE_NOTATION_ERROR, (gint) wrong[i].code);
      g_assert_true (g_str_has_prefix (error->message, wrong[i].message));
      g_assert_true (rules_equal (&rules, &defaults));
    }

  {
    CrapetteRules rules = defaults;
    g_autoptr(GError) error = NULL;

    /* One option at a time: a value cannot smuggle in a second one. */
    g_assert_false (crapette_notation_set_rule (&rules, "start", "alternate reserve=12", &error));
    g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_SYNTAX);
    g_clear_error (&error);
    g_assert_false (crapette_notation_set_rule (&rules, "colour", "red", &error));
    g_assert_error (error, CRAPETTE_NOTATION_ERROR, CRAPETTE_NOTATION_ERROR_SYNTAX);
    g_assert_true (rules_equal (&rules, &defaults));
  }
}

/* The settings' three keys give the rules a new match is dealt with. */
static void
test_rules_from_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteRules rules, defaults;

  crapette_rules_init_default (&defaults);
  crapette_rules_init_from_settings (&rules, settings);
  g_assert_true (rules_equal (&rules, &defaults));

  g_settings_set_int (settings, "reserve-size", 12);
  g_settings_set_string (settings, "first-player", "alternate");
  g_settings_set_int (settings, "idle-turn-limit", 77);
  crapette_rules_init_from_settings (&rules, settings);
  g_assert_cmpuint (rules.reserve_size, ==, 12);
  g_assert_cmpuint (rules.first_player, ==, CRAPETTE_FIRST_PLAYER_ALTERNATE);
  g_assert_cmpuint (rules.idle_turn_limit, ==, 77);

  g_settings_reset (settings, "reserve-size");
  g_settings_reset (settings, "first-player");
  g_settings_reset (settings, "idle-turn-limit");
}

/* A position and a saved match write their rules with the one writer. */
static void
test_rules_written_once (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  CrapetteRules rules = { 12, CRAPETTE_FIRST_PLAYER_ALTERNATE, 123 };
  g_autofree char *options = crapette_notation_format_rules (&rules);
  g_autofree char *line = g_strdup_printf ("\nRules: %s\n", options);
  g_autofree char *position = NULL;
  g_autofree char *record = NULL;

  match = crapette_match_new (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 100, 9);
  g_assert_true (crapette_match_deal_next_round (match));
  position = crapette_notation_format_position (
    crapette_view_get_position (crapette_game_get_view (game)));
  record = crapette_match_to_record (match);
  g_assert_nonnull (strstr (position, line));
  g_assert_nonnull (strstr (record, line));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/names/enums-match-schema", test_enums_match_schema);
  g_test_add_func ("/names/enums-bind", test_enums_bind);
  g_test_add_func ("/names/properties-are-enums", test_properties_are_enums);
  g_test_add_func ("/names/nicks-round-trip", test_nicks_round_trip);
  g_test_add_func ("/names/pile-names", test_pile_names);
  g_test_add_func ("/names/description-uses-pile-names", test_description_uses_pile_names);
  g_test_add_func ("/names/opponent-names", test_opponent_names);
  g_test_add_func ("/names/player-names", test_player_names);
  g_test_add_func ("/names/player-pile-names", test_player_pile_names);
  g_test_add_func ("/names/remote-player", test_remote_player_names);
  g_test_add_func ("/names/description-by-person", test_description_by_person);
  g_test_add_func ("/names/hint-wording", test_hint_wording);
  g_test_add_func ("/names/pile-description-names-owner", test_pile_description_names_owner);
  g_test_add_func ("/rules/round-trip", test_rules_round_trip);
  g_test_add_func ("/rules/partial", test_rules_partial);
  g_test_add_func ("/rules/refused", test_rules_refused);
  g_test_add_func ("/rules/from-settings", test_rules_from_settings);
  g_test_add_func ("/rules/written-once", test_rules_written_once);

  return g_test_run ();
}
