/**
 * vipDetailsEdit (SPEC sections 2, 5, 7, 8): the member's profile. A new
 * avatar is checked on the phone (a picture of at most 5 MB), given an object
 * name and a signed policy (File_BatchFileNameGet_Add), uploaded straight to
 * object storage, then saved as HeadImg (EntVip_EntVipSubmit_Update). Name
 * (SPEC section 5's rule), gender and birthday are saved together; the phone
 * is changed on its own page (changeByCode). A guest is asked to sign in.
 */
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from '../../ui/links';
import { isValidMemberName, MAX_NAME_LENGTH } from '../../../shared/domain/member';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { pathOf } from '../../app/paths';
import { toastShown } from '../../app/uiSlice';
import { defineMessages } from '../../i18n/defineMessages';
import { errors, validation } from '../../i18n/specMessages';
import {
  memberSignedIn,
  selectMember,
  useIsMember,
  Sex,
  useFileNameMutation,
  useMemberProfile,
  useUpdateProfileMutation,
  type MemberProfile,
  SignInPrompt,
} from '../../session';
import { checkFile, IMAGE_TYPES, imageSize, UploadError, uploadToStorage, type UploadProblem } from './avatarUpload';
import { Avatar } from './Avatar';

const messages = defineMessages({
  avatar: { id: 'vipDetailsEdit.avatar', defaultMessage: 'Change profile picture' },
  avatarHint: { id: 'vipDetailsEdit.avatarHint', defaultMessage: 'A JPEG, PNG, WebP or GIF picture of at most 5 MB.' },
  uploading: { id: 'vipDetailsEdit.uploading', defaultMessage: 'Uploading your picture…' },
  avatarSaved: { id: 'vipDetailsEdit.avatarSaved', defaultMessage: 'Your new profile picture is saved.' },
  notImage: { id: 'vipDetailsEdit.notImage', defaultMessage: 'This file is not a picture. Please choose a JPEG, PNG, WebP or GIF picture.' },
  uploadFailed: { id: 'vipDetailsEdit.uploadFailed', defaultMessage: 'The picture could not be uploaded. Please try again.' },
  name: { id: 'vipDetailsEdit.name', defaultMessage: 'Name' },
  nameRequired: { id: 'vipDetailsEdit.nameRequired', defaultMessage: 'Please enter your name.' },
  gender: { id: 'vipDetailsEdit.gender', defaultMessage: 'Gender' },
  genderUnknown: { id: 'vipDetailsEdit.genderUnknown', defaultMessage: 'Prefer not to say' },
  male: { id: 'vipDetailsEdit.male', defaultMessage: 'Male' },
  female: { id: 'vipDetailsEdit.female', defaultMessage: 'Female' },
  birthday: { id: 'vipDetailsEdit.birthday', defaultMessage: 'Birthday' },
  phone: { id: 'vipDetailsEdit.phone', defaultMessage: 'Phone number' },
  noPhone: { id: 'vipDetailsEdit.noPhone', defaultMessage: 'None yet' },
  changePhone: { id: 'vipDetailsEdit.changePhone', defaultMessage: 'Change' },
  save: { id: 'vipDetailsEdit.save', defaultMessage: 'Save' },
  saving: { id: 'vipDetailsEdit.saving', defaultMessage: 'Saving…' },
  saved: { id: 'vipDetailsEdit.saved', defaultMessage: 'Your profile is saved.' },
  loading: { id: 'vipDetailsEdit.loading', defaultMessage: 'Loading your profile…' },
});

const PROBLEM_MESSAGES: Record<UploadProblem, MessageDescriptor> = {
  noFile: errors.fileError,
  tooLarge: validation.uploadTooLarge,
  notImage: messages.notImage,
  failed: messages.uploadFailed,
};

const SEX_CHOICES = [
  { value: Sex.unknown, label: messages.genderUnknown },
  { value: Sex.male, label: messages.male },
  { value: Sex.female, label: messages.female },
];

/** Today as 'YYYY-MM-DD' on the phone's calendar: a birthday is before it. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export default function VipDetailsEditPage() {
  const isMember = useIsMember();
  const profile = useMemberProfile({ skip: !isMember });
  if (!isMember) {
    return (
      <section className="vip-details-edit">
        <SignInPrompt back={pathOf('vipDetailsEdit')} />
      </section>
    );
  }
  if (!profile.data) {
    return (
      <section className="vip-details-edit">
        {profile.isFetching && (
          <p role="status" className="muted">
            <FormattedMessage {...messages.loading} />
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="vip-details-edit">
      <AvatarField profile={profile.data} />
      <ProfileForm key={profile.data.VipID} profile={profile.data} />
    </section>
  );
}

function AvatarField({ profile }: { profile: MemberProfile }) {
  const [requestFileName] = useFileNameMutation();
  const [updateProfile] = useUpdateProfileMutation();
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [state, setState] = useState<'idle' | 'uploading' | 'saved'>('idle');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    setState('idle');
    const found = checkFile(file);
    if (found || !file) {
      setProblem(found ?? 'noFile');
      return;
    }
    setProblem(null);
    setState('uploading');
    try {
      const size = await imageSize(file);
      const ticket = await requestFileName({
        ClassID: 'UserHeadImg',
        FileName: file.name.slice(-200) || 'avatar',
        FileSize: file.size,
        FileType: file.type.toLowerCase(),
        ...(size ? { ImgWidth: size.width, ImgHeight: size.height } : {}),
        SourceName: file.name.slice(-200),
      }).unwrap();
      await uploadToStorage(ticket, file);
      await updateProfile({ HeadImg: ticket.FileName }).unwrap();
      setState('saved');
    } catch (err) {
      // A refusal of the service is toasted by the error listener; the storage's answers are this field's.
      if (err instanceof UploadError) setProblem(err.problem);
      setState('idle');
    } finally {
      // The same file may be chosen again after a failure.
      input.value = '';
    }
  };

  return (
    <div className="avatar-field">
      <Avatar name={profile.VipName} url={profile.headImgUrl} size={80} />
      <div className="field">
        <label htmlFor={inputId} className="btn">
          <FormattedMessage {...messages.avatar} />
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={state === 'uploading'}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => void handleFile(e)}
        />
        <p id={hintId} className="muted">
          <FormattedMessage {...messages.avatarHint} />
        </p>
        {state === 'uploading' && (
          <p role="status" className="muted">
            <FormattedMessage {...messages.uploading} />
          </p>
        )}
        {state === 'saved' && (
          <p role="status">
            <FormattedMessage {...messages.avatarSaved} />
          </p>
        )}
        {problem && (
          <p id={errorId} role="alert" className="field-error">
            <FormattedMessage {...PROBLEM_MESSAGES[problem]} />
          </p>
        )}
      </div>
    </div>
  );
}

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const member = useAppSelector(selectMember);
  const [updateProfile, update] = useUpdateProfileMutation();
  const [name, setName] = useState(profile.VipName);
  const [sex, setSex] = useState<number>(profile.Sex);
  const [birthday, setBirthday] = useState(profile.Birthy);
  const [nameError, setNameError] = useState<ReactNode>(null);
  const nameId = useId();
  const nameErrorId = useId();
  const birthdayId = useId();
  const phoneId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const VipName = name.trim();
    if (!VipName) {
      setNameError(<FormattedMessage {...messages.nameRequired} />);
      return;
    }
    if (!isValidMemberName(VipName)) {
      setNameError(<FormattedMessage {...validation.nameInvalid} />);
      return;
    }
    setNameError(null);
    const result = await updateProfile({ VipName, Sex: sex, Birthy: birthday });
    if ('error' in result) return; // the error listener shows the service's refusal
    if (member) dispatch(memberSignedIn({ ...member, VipName: result.data.VipName || VipName }));
    dispatch(toastShown({ message: messages.saved }));
  };

  const phone = profile.Phone ? `+${profile.AreaNo} ${profile.Phone}` : intl.formatMessage(messages.noPhone);

  return (
    <form className="profile-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <div className="field">
        <label htmlFor={nameId}>
          <FormattedMessage {...messages.name} />
        </label>
        <input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          maxLength={MAX_NAME_LENGTH}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? nameErrorId : undefined}
        />
        {nameError && (
          <p id={nameErrorId} role="alert" className="field-error">
            {nameError}
          </p>
        )}
      </div>

      <fieldset className="choice-group">
        <legend>
          <FormattedMessage {...messages.gender} />
        </legend>
        {SEX_CHOICES.map((choice) => (
          <label key={choice.value} className={sex === choice.value ? 'chip chosen' : 'chip'}>
            <input type="radio" name="sex" value={choice.value} checked={sex === choice.value} onChange={() => setSex(choice.value)} />
            <FormattedMessage {...choice.label} />
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={birthdayId}>
          <FormattedMessage {...messages.birthday} />
        </label>
        <input id={birthdayId} type="date" value={birthday} max={today()} min="1900-01-01" onChange={(e) => setBirthday(e.target.value)} />
      </div>

      <div className="field">
        <label htmlFor={phoneId}>
          <FormattedMessage {...messages.phone} />
        </label>
        <div className="search-form">
          <input id={phoneId} value={phone} readOnly />
          <Link className="btn" to={pathOf('changeByCode')} aria-describedby={phoneId}>
            <FormattedMessage {...messages.changePhone} />
          </Link>
        </div>
      </div>

      <button type="submit" className="btn btn-primary btn-block" disabled={update.isLoading}>
        <FormattedMessage {...(update.isLoading ? messages.saving : messages.save)} />
      </button>
    </form>
  );
}
