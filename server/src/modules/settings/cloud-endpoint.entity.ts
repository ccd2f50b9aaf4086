import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { CLOUD_ENDPOINT_KEYS } from './cloud-endpoint-key.js';

/** A cloud service URL an admin saved over its default (one row per service; none means the default). */
@Entity({ name: 'cloud_endpoints' })
@Check('CHK_cloud_endpoints_key', `"key" IN (${CLOUD_ENDPOINT_KEYS.map((key) => `'${key}'`).join(', ')})`)
export class CloudEndpointOverride {
  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  url!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
