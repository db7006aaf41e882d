/* crapette-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every row is bound to its settings key with g_settings_bind(), so the
 * window holds no copy of any preference: what a row shows is what the key
 * holds, and a change made elsewhere (another window, dconf-editor) shows at
 * once. Variant and rule changes take effect from the next new game; the
 * window that plays decides when, since only it knows whether a game is on.
 * Whether the computer makes mistakes for the person to catch is not a rule
 * of the match: the session follows it from the computer's next move.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <string.h>

#include "crapette-preferences-window.h"

#include "crapette-choice-row.h"

#include <glib/gi18n.h>

#include "crapette-locale.h"
#include "crapette-names.h"

struct _CrapettePreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings;

  AdwComboRow *variant_row;
  AdwComboRow *opponent_row;
  AdwComboRow *russian_length_row;
  AdwComboRow *american_length_row;
  AdwComboRow *reserve_row;
  AdwComboRow *first_player_row;
  AdwComboRow *mistakes_row;
  AdwComboRow *computer_mistakes_row;
  GtkSpinButton *idle_turns_spin;
  GtkSwitch *four_colour_switch;
  GtkSwitch *hidden_deal_switch;
  AdwComboRow *animation_speed_row;
  AdwComboRow *computer_speed_row;
  AdwEntryRow *south_name_row;
  AdwEntryRow *xmpp_address_row;
  AdwEntryRow *xmpp_server_row;
  AdwEntryRow *xmpp_rooms_row;
  AdwEntryRow *north_name_row;
};

G_DEFINE_FINAL_TYPE (CrapettePreferencesWindow, crapette_preferences_window,
                     ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The values of the choice rows that have no enum type in the engine, in the order of
 * their items in the .ui file. */
static const char * const russian_length_nicks[] = {
  "single-round", "points-100", "points-200", "points-300", "points-500", NULL
};
static const char * const american_length_nicks[] = {
  "best-of-1", "best-of-3", "best-of-5", "best-of-7", NULL
};

/* The reserve size is a number in the settings and a choice of two here. */
static const gint32 reserve_sizes[] = { 12, 13 };

/* Settings → row: the nick's place in @user_data, a NULL-terminated list. */
static gboolean
nick_to_position (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  const char * const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i] != NULL; i++)
    {
      if (g_str_equal (nicks[i], nick))
        {
          g_value_set_uint (value, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* Row → settings: the nick at the chosen place; nothing while nothing is chosen. */
static GVariant *
position_to_nick (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  const char * const *nicks = user_data;
  guint position = g_value_get_uint (value);

  if (position >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[position]);
}

/* Settings → row, for a key stored as the nick of an engine enum whose values are
 * 0, 1, 2 … in the order of the row's items: the place is the value. */
static gboolean
enum_nick_to_position (GValue   *value,
                       GVariant *variant,
                       gpointer  user_data)
{
  int enum_value;

  if (!crapette_enum_from_nick (GPOINTER_TO_SIZE (user_data), g_variant_get_string (variant, NULL),
                                &enum_value) || enum_value < 0)
    return FALSE;
  g_value_set_uint (value, (guint) enum_value);
  return TRUE;
}

/* Row → settings: the nick of the value at the chosen place. */
static GVariant *
position_to_enum_nick (const GValue       *value,
                       const GVariantType *expected_type,
                       gpointer            user_data)
{
  guint position = g_value_get_uint (value);
  const char *nick;

  if (position > G_MAXINT)
    return NULL;
  nick = crapette_enum_to_nick (GPOINTER_TO_SIZE (user_data), (int) position);
  return nick != NULL ? g_variant_new_string (nick) : NULL;
}

static gboolean
reserve_size_to_position (GValue   *value,
                          GVariant *variant,
                          gpointer  user_data)
{
  gint32 size = g_variant_get_int32 (variant);

  for (guint i = 0; i < G_N_ELEMENTS (reserve_sizes); i++)
    {
      if (reserve_sizes[i] == size)
        {
          g_value_set_uint (value, i);
          return TRUE;
        }
    }
  return FALSE;
}

static GVariant *
position_to_reserve_size (const GValue       *value,
                          const GVariantType *expected_type,
                          gpointer            user_data)
{
  guint position = g_value_get_uint (value);

  if (position >= G_N_ELEMENTS (reserve_sizes))
    return NULL;
  return g_variant_new_int32 (reserve_sizes[position]);
}

static void
bind_choice (CrapettePreferencesWindow *self,
             const char                *key,
             AdwComboRow               *row,
             const char * const        *nicks)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                nick_to_position, position_to_nick, (gpointer) nicks, NULL);
}

static void
bind_enum_choice (CrapettePreferencesWindow *self,
                  const char                *key,
                  AdwComboRow               *row,
                  GType                      enum_type)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                enum_nick_to_position, position_to_enum_nick,
                                GSIZE_TO_POINTER (enum_type), NULL);
}

/* Settings → sensitivity: whether the computer's mistakes matter, which they do only when
 * the opponent may call them. */
static gboolean
mistakes_called (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  g_value_set_boolean (value, g_str_equal (g_variant_get_string (variant, NULL), "called"));
  return TRUE;
}

static void
bind_settings (CrapettePreferencesWindow *self)
{
  bind_enum_choice (self, "variant", self->variant_row, CRAPETTE_TYPE_VARIANT);
  bind_enum_choice (self, "opponent", self->opponent_row, CRAPETTE_TYPE_OPPONENT);
  bind_choice (self, "russian-match-target", self->russian_length_row, russian_length_nicks);
  bind_choice (self, "american-match-length", self->american_length_row, american_length_nicks);
  bind_enum_choice (self, "first-player", self->first_player_row, CRAPETTE_TYPE_FIRST_PLAYER);
  bind_enum_choice (self, "mistakes", self->mistakes_row, CRAPETTE_TYPE_MISTAKES);
  bind_enum_choice (self, "computer-mistakes", self->computer_mistakes_row,
                    CRAPETTE_TYPE_COMPUTER_MISTAKES);
  g_settings_bind_with_mapping (self->settings, "mistakes", self->computer_mistakes_row,
                                "sensitive", G_SETTINGS_BIND_GET, mistakes_called, NULL, NULL,
                                NULL);
  bind_enum_choice (self, "animation-speed", self->animation_speed_row, CRAPETTE_TYPE_SPEED);
  bind_enum_choice (self, "computer-speed", self->computer_speed_row, CRAPETTE_TYPE_SPEED);
  g_settings_bind_with_mapping (self->settings, "reserve-size", self->reserve_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, reserve_size_to_position,
                                position_to_reserve_size, NULL, NULL);
  g_settings_bind (self->settings, "idle-turn-limit",
                   gtk_spin_button_get_adjustment (self->idle_turns_spin), "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "four-colour-deck", self->four_colour_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "south-name", self->south_name_row, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "north-name", self->north_name_row, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "network-hidden-deal", self->hidden_deal_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "xmpp-address", self->xmpp_address_row, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "xmpp-server", self->xmpp_server_row, "text",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "xmpp-rooms", self->xmpp_rooms_row, "text",
                   G_SETTINGS_BIND_DEFAULT);
}

static void
crapette_preferences_window_constructed (GObject *object)
{
  CrapettePreferencesWindow *self = (CrapettePreferencesWindow *) object;

  G_OBJECT_CLASS (crapette_preferences_window_parent_class)->constructed (object);

  if (self->settings == NULL)
    self->settings = g_settings_new (SETTINGS_SCHEMA_ID);
  bind_settings (self);
}

static void
crapette_preferences_window_dispose (GObject *object)
{
  CrapettePreferencesWindow *self = (CrapettePreferencesWindow *) object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (crapette_preferences_window_parent_class)->dispose (object);
}

static void
crapette_preferences_window_set_property (GObject      *object,
                                          guint         prop_id,
                                          const GValue *value,
                                          GParamSpec   *pspec)
{
  CrapettePreferencesWindow *self = CRAPETTE_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_set_object (&self->settings, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_preferences_window_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  CrapettePreferencesWindow *self = CRAPETTE_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_preferences_window_class_init (CrapettePreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = crapette_preferences_window_constructed;
  object_class->dispose = crapette_preferences_window_dispose;
  object_class->set_property = crapette_preferences_window_set_property;
  object_class->get_property = crapette_preferences_window_get_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/crapette/Crapette/"
                                               "crapette-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, variant_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        russian_length_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        american_length_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, reserve_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        first_player_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        mistakes_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        computer_mistakes_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        idle_turns_spin);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        four_colour_switch);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        animation_speed_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        computer_speed_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, south_name_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, xmpp_address_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, xmpp_server_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow,
                                        hidden_deal_switch);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, xmpp_rooms_row);
  gtk_widget_class_bind_template_child (widget_class, CrapettePreferencesWindow, north_name_row);
}

/* ---- Numbers in the player's digits ----------------------------------------- */

/* A spin button writes its value in the player's digits (Persian: ۱۰), as every other number. */
static gboolean
on_spin_output_cb (GtkSpinButton *spin,
                   gpointer       data)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = crapette_locale_format_number ((guint64) MAX (value, 0.0));

  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

/* And it reads what is typed in either the player's digits or the Western ones. */
static int
on_spin_input_cb (GtkSpinButton *spin,
                  double        *new_value,
                  gpointer       data)
{
  const char * const *digits = crapette_locale_get_digits ();
  const char *p = gtk_editable_get_text (GTK_EDITABLE (spin));
  guint64 value = 0;
  gboolean any = FALSE;

  while (*p != '\0')
    {
      int digit = -1;

      if (*p >= '0' && *p <= '9')
        digit = *p - '0';
      for (int d = 0; digit < 0 && d < 10; d++)
        if (g_str_has_prefix (p, digits[d]))
          digit = d;
      if (digit < 0)
        {
          if (!g_ascii_isspace (*p))
            return GTK_INPUT_ERROR;
          p++;
          continue;
        }
      value = MIN (value * 10 + (guint64) digit, (guint64) G_MAXUINT32);
      any = TRUE;
      p += *p >= '0' && *p <= '9' ? 1 : strlen (digits[digit]);
    }
  if (!any)
    return GTK_INPUT_ERROR;
  *new_value = (double) value;
  return TRUE;
}

/* Lets @spin show and read whole numbers in the player's digits. */
static void
localize_spin_digits (GtkSpinButton *spin)
{
  /* A numeric spin button takes only Western digits; the input handler reads digits instead. */
  gtk_spin_button_set_numeric (spin, FALSE);
  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output_cb), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input_cb), NULL);
  on_spin_output_cb (spin, NULL);
}

static void
crapette_preferences_window_init (CrapettePreferencesWindow *self)
{
  g_autoptr(GtkStringList) variants = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) opponents = gtk_string_list_new (NULL);
  AdwComboRow *choice_rows[10];

  gtk_widget_init_template (GTK_WIDGET (self));
  localize_spin_digits (self->idle_turns_spin);

  /* The games and the opponents by the names the engine gives them, in the order of
   * their values, which is what the rows' places stand for. */
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    gtk_string_list_append (variants, crapette_variant_name (variant));
  for (CrapetteOpponent opponent = 0; opponent < CRAPETTE_N_OPPONENTS; opponent++)
    gtk_string_list_append (opponents, crapette_opponent_name (opponent));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variants));
  adw_combo_row_set_model (self->opponent_row, G_LIST_MODEL (opponents));

  choice_rows[0] = self->variant_row;
  choice_rows[1] = self->opponent_row;
  choice_rows[2] = self->russian_length_row;
  choice_rows[3] = self->american_length_row;
  choice_rows[4] = self->reserve_row;
  choice_rows[5] = self->first_player_row;
  choice_rows[6] = self->animation_speed_row;
  choice_rows[7] = self->computer_speed_row;
  choice_rows[8] = self->mistakes_row;
  choice_rows[9] = self->computer_mistakes_row;
  for (guint i = 0; i < G_N_ELEMENTS (choice_rows); i++)
    crapette_choice_row_show_whole_choices (choice_rows[i]);
}

/* A Preferences window over @parent whose rows are bound to @settings (the
 * application's own settings when %NULL). */
CrapettePreferencesWindow *
crapette_preferences_window_new (GtkWindow *parent,
                                 GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (CRAPETTE_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       "settings", settings,
                       NULL);
}
