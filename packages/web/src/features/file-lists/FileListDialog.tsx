/**
 * Add or edit a file list (automation §2): name (3+), message, and a repeatable list of options,
 * each a name and an optional file. The list is saved first; the picked files then go up in one
 * request with its progress. Files are checked here against the limits too (type, size).
 */
import { useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { fileListBody, type FileList } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { OptionFields } from './OptionFields';
import { checkPickedFile, LIMITS_MB } from './pickedFile';
import { uploadOptionFiles, useSaveFileList } from './useFileLists';

interface OptionValues {
  /** The stored option's id (none: a new option). */
  optionId?: number;
  name: string;
  /** The stored file's key, or null (none, or removed here). */
  path: string | null;
  storedName: string | null;
  /** A file picked here, sent after the save. */
  pick?: File;
}
interface Values {
  name: string;
  message: string;
  options: OptionValues[];
}

// The contracts' body checks the form; raw: the values keep what it does not name (picked files).
const resolver = withRequired(zodResolver(fileListBody, undefined, { raw: true })) as unknown as Resolver<Values>;

const optionValues = (list?: FileList): OptionValues[] =>
  list?.options.map((o) => ({ optionId: o.id, name: o.name, path: o.path, storedName: o.file })) ?? [];

export default function FileListDialog({ fileList, onClose }: { fileList?: FileList; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveFileList();
  // Once saved, a failed upload leaves a list to edit, not a second one to create.
  const [savedId, setSavedId] = useState(fileList?.id);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: { name: fileList?.name ?? '', message: fileList?.message ?? '', options: optionValues(fileList) },
  });
  const options = useFieldArray({ control, name: 'options' });
  const current = watch('options');

  const pick = (index: number, key: string, file: File) => {
    const checked = checkPickedFile(file);
    if ('error' in checked) {
      setFileErrors((e) => ({
        ...e,
        [key]:
          checked.error === 'tooLarge'
            ? t('fileLists.file.tooLarge', { mb: checked.maxMb })
            : t('validation.unsupportedType'),
      }));
      return;
    }
    setFileErrors(({ [key]: _gone, ...rest }) => rest);
    setValue(`options.${index}.pick`, checked.file);
  };

  const onSubmit = handleSubmit(async (values) => {
    let saved: FileList;
    try {
      saved = await save.mutateAsync({
        id: savedId,
        body: {
          name: values.name,
          message: values.message,
          options: values.options.map((o) =>
            o.optionId === undefined ? { name: o.name } : { id: o.optionId, name: o.name, path: o.path },
          ),
        },
      });
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
      return;
    }
    setSavedId(saved.id);
    // The answer keeps the body's order: option n of the form is option n of the list.
    saved.options.forEach((o, i) => {
      setValue(`options.${i}.optionId`, o.id);
      setValue(`options.${i}.path`, o.path);
    });
    const files = values.options.flatMap((o, i) => (o.pick ? [{ optionId: saved.options[i]!.id, file: o.pick }] : []));
    if (files.length > 0) {
      setProgress(0);
      try {
        await uploadOptionFiles(saved.id, files, setProgress);
      } catch (err) {
        toastError(err);
        return;
      } finally {
        setProgress(null);
      }
    }
    toastSuccess(t('fileLists.toasts.saved'));
    onClose();
  });

  return (
    <FormDialog
      title={fileList ? t('fileLists.dialog.editTitle') : t('fileLists.dialog.addTitle')}
      testId="file-list-dialog"
      onClose={onClose}
    >
      <FormDialogBody
        onSubmit={onSubmit}
        saving={isSubmitting}
        saveTestId="file-list-save"
        footer={
          progress !== null && (
            <Box sx={{ mt: 2 }} data-testid="file-list-upload-progress">
              <Typography variant="body2" color="text.secondary">
                {t('fileLists.uploading', { percent: Math.round(progress * 100) })}
              </Typography>
              <LinearProgress variant="determinate" value={progress * 100} aria-label={t('fileLists.uploadingLabel')} />
            </Box>
          )
        }
      >
        <TextField
          {...register('name')}
          label={t('fileLists.fields.name')}
          autoFocus
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { 'data-testid': 'file-list-name' } }}
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name)}
        />
        <TextField
          {...register('message')}
          label={t('fileLists.fields.message')}
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          slotProps={{ htmlInput: { 'data-testid': 'file-list-message' } }}
          error={Boolean(errors.message)}
          helperText={fieldError(errors.message)}
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('fileLists.options')}
        </Typography>
        <FormHelperText sx={{ mb: 1 }}>{t('fileLists.limits', LIMITS_MB)}</FormHelperText>
        {options.fields.map((field, index) => {
          const value = current[index];
          return (
            <OptionFields
              key={field.id}
              index={index}
              nameInput={register(`options.${index}.name`)}
              nameError={errors.options?.[index]?.name}
              fileName={value?.pick?.name ?? (value?.path ? value.storedName : null)}
              fileError={fileErrors[field.id] ?? fieldError(errors.options?.[index]?.path)}
              onPick={(file) => pick(index, field.id, file)}
              onRemoveFile={() => {
                setValue(`options.${index}.pick`, undefined);
                setValue(`options.${index}.path`, null);
              }}
              onRemove={() => options.remove(index)}
            />
          );
        })}
        <Button
          startIcon={<AddIcon />}
          onClick={() => options.append({ name: '', path: null, storedName: null })}
          data-testid="file-list-option-add"
          sx={{ mt: 1 }}
        >
          {t('fileLists.addOption')}
        </Button>
      </FormDialogBody>
    </FormDialog>
  );
}
