import { Check, Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../users/user.entity.js';
import { SETTING_KEYS } from './setting-key.js';

/** One stored setting of one user; the value is sealed with SecretBox and never stored in plain text. */
@Entity({ name: 'user_settings' })
@Check('CHK_user_settings_key', `"key" IN (${SETTING_KEYS.map((key) => `'${key}'`).join(', ')})`)
export class UserSetting {
  @PrimaryColumn({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;

  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ name: 'value_encrypted', type: 'text' })
  valueEncrypted!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
