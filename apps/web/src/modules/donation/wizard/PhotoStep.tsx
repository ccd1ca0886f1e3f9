import { DONATION_TEXTS, type DonationOnboarding } from '@mandato/domain';
import { Alert, Button, Space, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useStoredPhoto, useUploadPhoto } from '../hooks/useOnboarding.ts';
import { chosenPhotoProblem } from './photoCheck.ts';
import { WizardButtons } from './WizardButtons.tsx';

const T = DONATION_TEXTS.photo;

/** A chosen file's object URL, revoked when the file changes or the step closes. */
function useObjectUrl(file: File | undefined) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * Step 3 'Foto': a jpg/png of at most 1 MB, previewed in the square it will be shown in; Próximo
 * sends a newly chosen photo and advances when it is stored (a photo stored before is kept).
 */
export function PhotoStep({
  photo,
  onBack,
  onDone,
}: {
  photo: DonationOnboarding['photo'];
  onBack: () => void;
  onDone: () => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string | null>(null);
  const [storedUrl, setStoredUrl] = useState(photo?.url);
  const stored = useStoredPhoto(file ? undefined : storedUrl);
  const chosenUrl = useObjectUrl(file);
  const upload = useUploadPhoto();
  const preview = chosenUrl ?? stored.data;

  const choose = async (picked: File | undefined) => {
    const found = await chosenPhotoProblem(picked);
    setProblem(found);
    setFile(found ? undefined : picked);
  };

  const submit = async () => {
    if (!file) {
      if (storedUrl) onDone();
      else setProblem(T.required);
      return;
    }
    try {
      const answer = await upload.mutateAsync(file);
      setStoredUrl(answer.url);
      onDone();
    } catch {
      // the client's notice shows the server's message
    }
  };

  return (
    <div>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{T.advice}</Typography.Text>
        {preview ? (
          <img className="donation-photo" src={preview} alt={T.preview} />
        ) : (
          <div className="donation-photo" role="img" aria-label={T.preview} />
        )}
        <div>
          <input
            id={inputId}
            type="file"
            aria-label={T.choose}
            accept="image/jpeg,image/png"
            style={{ display: 'none' }}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button onClick={() => document.getElementById(inputId)?.click()}>{T.choose}</Button>
        </div>
        {problem && <Alert type="error" showIcon title={problem} />}
      </Space>
      <WizardButtons onBack={onBack} onNext={() => void submit()} busy={upload.isPending} />
    </div>
  );
}
