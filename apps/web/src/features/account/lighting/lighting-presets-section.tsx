import {
  DEFAULT_LIGHTING_SETTINGS,
  GUEST_OWNER,
  LIGHTING_MESSAGES,
  type LightingPreset,
  type LightingPresetInput,
} from '@outpost/contracts/lighting';
import { useId, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert } from '../../../components/form/form-alert';
import { useFocusedNotice } from '../../../components/form/use-focused-notice';
import { useMe } from '../../../lib/session';
import accountStyles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';
import { useCreateLightingPreset } from './api/create-lighting-preset';
import { useDeleteLightingPreset } from './api/delete-lighting-preset';
import { useLightingPresets } from './api/get-lighting-presets';
import { useUpdateLightingPreset } from './api/update-lighting-preset';
import { PresetActions, PresetSummary } from './components/preset-card';
import { PresetForm } from './components/preset-form';
import styles from './lighting.module.css';

const NEW_PRESET: LightingPresetInput = { name: '', public: false, settings: DEFAULT_LIGHTING_SETTINGS };

const inputOf = (preset: LightingPreset): LightingPresetInput => ({
  name: preset.name,
  public: preset.public,
  settings: preset.settings,
});

/**
 * "Lighting presets", for players and visitors alike: a visitor's presets belong to the guests
 * (docs/product.md §6.3), so every visitor shares them, and the section says so.
 */
export function LightingPresetsSection() {
  const me = useMe();
  if (me.isPending) return null;
  return <LightingPresets owner={me.data?.user?.id ?? GUEST_OWNER} />;
}

function LightingPresets({ owner }: { owner: string }) {
  const guest = owner === GUEST_OWNER;
  const presets = useLightingPresets(owner);
  const create = useCreateLightingPreset();
  const update = useUpdateLightingPreset();
  const remove = useDeleteLightingPreset();
  const [editing, setEditing] = useState<string | null>(null);
  // The preset whose edit form just closed: its Edit button takes the focus back.
  const [edited, setEdited] = useState<string | null>(null);
  const { notice, setNotice, announce, alertRef } = useFocusedNotice();
  const mineTitle = useId();
  const sharedTitle = useId();

  const save = async (preset: LightingPreset, input: LightingPresetInput) => {
    await update.mutateAsync({ presetID: preset.presetID, input });
    closeEdit(preset);
    setNotice({ tone: 'ok', text: `${input.name}: ${LIGHTING_MESSAGES.saved}` });
  };
  const closeEdit = (preset: LightingPreset) => {
    setEditing(null);
    setEdited(preset.presetID);
  };
  const deletePreset = async (preset: LightingPreset) => {
    setNotice(null);
    try {
      await remove.mutateAsync(preset.presetID);
      // Its card, and the Delete button pressed, go: the focus goes to what happened.
      announce({ tone: 'ok', text: `${preset.name}: ${LIGHTING_MESSAGES.deleted}` });
      return true;
    } catch (error) {
      setNotice(failureNotice(error, `${preset.name} could not be deleted. Check your connection and try again.`));
      return false;
    }
  };

  return (
    <AccountSection
      title="Lighting presets"
      intro="Keep the lighting of your scenes: the time of day, the sun, ambient light, fog and a tint. Private presets are yours alone; public ones are shared with everyone."
    >
      {guest && (
        <p className={accountStyles.note}>
          You are not signed in, so your presets are saved as a guest: every visitor can see, change and delete them.
          Sign in to keep presets of your own.
        </p>
      )}
      <h3>New preset</h3>
      <PresetForm
        label="New preset"
        initial={NEW_PRESET}
        submitLabel="Save preset"
        savedText={LIGHTING_MESSAGES.created}
        onSave={(input) => create.mutateAsync(input)}
      />

      <SectionLoadState query={presets} what="the presets">
        {(data) => (
          <>
            <h3 id={mineTitle}>{guest ? 'Guest presets' : 'Your presets'}</h3>
            {data.mine.length === 0 ? (
              <p className={accountStyles.note}>No presets yet. Save one with the form above.</p>
            ) : (
              <ul className={styles.presets} aria-labelledby={mineTitle}>
                {data.mine.map((preset) => (
                  <li key={preset.presetID} className={styles.preset}>
                    {editing === preset.presetID ? (
                      <PresetForm
                        label={`Edit ${preset.name}`}
                        initial={inputOf(preset)}
                        submitLabel="Save changes"
                        onSave={(input) => save(preset, input)}
                        onCancel={() => closeEdit(preset)}
                      />
                    ) : (
                      <PresetSummary preset={preset}>
                        <PresetActions
                          name={preset.name}
                          focusEdit={edited === preset.presetID}
                          onEdit={() => {
                            setNotice(null);
                            setEdited(null);
                            setEditing(preset.presetID);
                          }}
                          onDelete={() => deletePreset(preset)}
                        />
                      </PresetSummary>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <FormAlert ref={alertRef} notice={notice} />

            <h3 id={sharedTitle}>Public presets</h3>
            {data.shared.length === 0 ? (
              <p className={accountStyles.note}>Nobody has shared a preset yet.</p>
            ) : (
              <ul className={styles.presets} aria-labelledby={sharedTitle}>
                {data.shared.map((preset) => (
                  <li key={preset.presetID} className={styles.preset}>
                    <PresetSummary preset={preset} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </SectionLoadState>
    </AccountSection>
  );
}
